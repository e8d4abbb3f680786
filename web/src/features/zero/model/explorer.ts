/** The explorer page of a native transaction, when the network has an explorer (ChainSettings.explorerUrl). */
export function transactionUrl(explorerUrl: string | null, transactionId: string): string | null {
  if (explorerUrl === null || explorerUrl.trim() === '') return null;
  return `${explorerUrl.trim().replace(/\/+$/, '')}/transaction/${encodeURIComponent(transactionId)}`;
}

/** The query parameter that opens a transaction in the app's lookup (`?trx=<id>`). */
export const TRANSACTION_QUERY = 'trx';

/** The search part that opens `transactionId` in the lookup of the page it is added to. */
export function transactionSearch(transactionId: string): string {
  return `?${TRANSACTION_QUERY}=${encodeURIComponent(transactionId)}`;
}

/**
 * Where a success notice's See Transaction leads: the network's explorer, else the app's
 * own view of the transaction (the lookup on the balance page, `?trx=`).
 */
export function transactionLink(explorerUrl: string | null, transactionId: string): { transactionUrl: string } | { transactionPath: string } {
  const external = transactionUrl(explorerUrl, transactionId);
  return external === null ? { transactionPath: `/zero/balance${transactionSearch(transactionId)}` } : { transactionUrl: external };
}

/** A chain timestamp as a Date: history services send UTC without a zone ("2024-05-01T12:00:00.000"). */
export function chainTime(timestamp: string): Date {
  return new Date(/(Z|[+-]\d\d:\d\d)$/.test(timestamp) ? timestamp : `${timestamp}Z`);
}
