/** How history rows read on screen: action names, the other party, explorer links, paging. */

import type { TransactionRow } from '../api/history';

export const ROWS_PER_PAGE = [10, 25, 50] as const;
export type RowsPerPage = (typeof ROWS_PER_PAGE)[number];

export function rowsPerPage(query: string | null): RowsPerPage {
  return ROWS_PER_PAGE.find((rows) => String(rows) === query) ?? 25;
}

/** The 1-based page number of the `page` query, never below 1. */
export function pageNumber(query: string | null): number {
  const page = Number(query);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const KNOWN_ACTIONS = ['send', 'receive', 'swap', 'selfTransfer', 'contractCreation'] as const;
export type KnownAction = (typeof KNOWN_ACTIONS)[number];

/** A known action (translated on screen) or the contract function name as the server gave it. */
export function knownAction(actionName: string): KnownAction | null {
  return KNOWN_ACTIONS.find((action) => action === actionName) ?? null;
}

export interface Counterparty {
  readonly direction: 'to' | 'from' | 'created';
  readonly address: string | null;
  readonly name: string | null;
}

/** The other side of a row, seen from `account`: the recipient of what it sent, else the sender. */
export function counterparty(row: TransactionRow, account: string): Counterparty {
  if ((row.to ?? null) === null) return { direction: 'created', address: null, name: null };
  if (row.from.toLowerCase() === account.toLowerCase()) {
    return { direction: 'to', address: row.to ?? null, name: row.toPrettyName ?? null };
  }
  return { direction: 'from', address: row.from, name: row.fromPrettyName ?? null };
}

function explorerBase(explorerUrl: string | null): string | null {
  const base = explorerUrl?.trim().replace(/\/+$/, '') ?? '';
  return base === '' ? null : base;
}

/** Teloscan-style explorer pages, when the network has an explorer. */
export function explorerTransactionUrl(explorerUrl: string | null, hash: string): string | null {
  const base = explorerBase(explorerUrl);
  return base === null ? null : `${base}/tx/${encodeURIComponent(hash)}`;
}

export function explorerAddressUrl(explorerUrl: string | null, address: string): string | null {
  const base = explorerBase(explorerUrl);
  return base === null ? null : `${base}/address/${encodeURIComponent(address)}`;
}

