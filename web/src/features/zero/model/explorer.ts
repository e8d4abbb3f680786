/** The explorer page of a native transaction, when the network has an explorer (ChainSettings.explorerUrl). */
export function transactionUrl(explorerUrl: string | null, transactionId: string): string | null {
  if (explorerUrl === null || explorerUrl.trim() === '') return null;
  return `${explorerUrl.trim().replace(/\/+$/, '')}/transaction/${encodeURIComponent(transactionId)}`;
}

/** A chain timestamp as a Date: history services send UTC without a zone ("2024-05-01T12:00:00.000"). */
export function chainTime(timestamp: string): Date {
  return new Date(/(Z|[+-]\d\d:\d\d)$/.test(timestamp) ? timestamp : `${timestamp}Z`);
}
