/** How history rows read on screen: action names, the other party, explorer links, paging. */

import type { Message } from '../../../lib/notify/toastStore';
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

export type RowAction = TransactionRow['action'];

/** How a row's action reads: its words (evm.history.action_*) with the spender, amount and token they name. */
export function actionMessage(action: RowAction, amount: (exact: string) => string, name: (address: string) => string): Message {
  switch (action.kind) {
    case 'approve': {
      const spender = name(action.spender);
      const { grant } = action;
      switch (grant.scope) {
        case 'amount':
          return { key: 'evm.history.action_approve_amount', values: { spender, amount: amount(grant.amount), symbol: grant.symbol ?? '' } };
        case 'increase':
          return { key: 'evm.history.action_approve_increase', values: { spender, amount: amount(grant.amount), symbol: grant.symbol ?? '' } };
        case 'unlimited':
          return { key: 'evm.history.action_approve_unlimited', values: { spender, symbol: grant.symbol ?? '' } };
        case 'token':
          return { key: 'evm.history.action_approve_token', values: { spender, id: grant.tokenId } };
        case 'allNfts':
          return { key: 'evm.history.action_approve_all', values: { spender } };
      }
      break;
    }
    case 'revoke':
      return action.spender == null
        ? { key: 'evm.history.action_revoke_token' }
        : { key: 'evm.history.action_revoke', values: { spender: name(action.spender) } };
    case 'call':
      return { text: action.function };
    default:
      return { key: `evm.history.action_${action.kind}` };
  }
}

export interface Counterparty {
  /** How the row reads its other side: what went to it, came from it, or was done with it. */
  readonly direction: 'to' | 'from' | 'with' | 'created';
  readonly address: string | null;
  readonly name: string | null;
}

/**
 * The other side of a row, as the server names it: the recipient of a token sent or the
 * sender of one received (never the token itself), an approval's spender, else the contract called.
 */
export function counterparty(row: TransactionRow): Counterparty {
  const address = row.counterparty ?? null;
  const name = row.counterpartyName ?? null;
  switch (row.action.kind) {
    case 'send':
    case 'selfTransfer':
      return { direction: 'to', address, name };
    case 'receive':
      return { direction: 'from', address, name };
    case 'contractCreation':
      return { direction: 'created', address, name };
    default:
      return { direction: 'with', address, name };
  }
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

