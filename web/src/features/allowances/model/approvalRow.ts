/**
 * Plain decisions about one approvals row (spec §3 allowance rows): how it is named,
 * what it allows, which actions it offers, the prepare requests of those actions,
 * and the selection of rows for a revoke batch.
 */

import type { PrepareRequest } from '../../../lib/evm-wallet/api/prepareTransaction';
import { toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { shortHex } from '../../../lib/format/shortHex';
import { parseAmount } from '../../../lib/validation/amount';
import { accept, type Checked } from '../../../lib/validation/issue';
import type { ApprovalRow } from '../api/approvals';

export type Erc20Row = Extract<ApprovalRow, { type: 'erc20' }>;

/** The token or collection: its symbol or name, else its address; a single NFT adds its id. */
export function assetLabel(row: ApprovalRow): string {
  if (row.type === 'erc20') return row.tokenSymbol === '' ? row.tokenName : row.tokenSymbol;
  const collection = row.collectionName ?? shortHex(row.collectionAddress);
  if (row.type === 'erc721' && !row.collectionWide && row.tokenId !== null && row.tokenId !== undefined) {
    return `${collection} #${row.tokenId}`;
  }
  return collection;
}

/** The spender's contract name when known, else its short address. */
export function spenderLabel(row: ApprovalRow): string {
  return row.spenderName ?? shortHex(row.spenderAddress);
}

const ZERO_ADDRESS = /^0x0{40}$/i;

/**
 * Whether the row names no spender: an NFT's single approval cleared by `approve(0x0, id)`
 * leaves the zero address, which is nobody, not a spender to show or revoke.
 */
export function hasNoSpender(row: ApprovalRow): boolean {
  return ZERO_ADDRESS.test(row.spenderAddress);
}

/** The header's figures: approvals in force, and those revoked (listed when asked for). */
export function approvalCounts(rows: readonly ApprovalRow[]): { live: number; revoked: number } {
  const revoked = rows.filter((row) => row.revoked).length;
  return { live: rows.length - revoked, revoked };
}

/** The contract an approval lives on. */
export function contractOf(row: ApprovalRow): string {
  return row.type === 'erc20' ? row.tokenAddress : row.collectionAddress;
}

/** What the spender may move, for the "Allowed" column. */
export type Allowed =
  | { readonly kind: 'revoked' }
  | { readonly kind: 'unlimited'; readonly symbol: string }
  | { readonly kind: 'amount'; readonly amount: string; readonly symbol: string }
  | { readonly kind: 'token'; readonly id: string; readonly name: string | null }
  | { readonly kind: 'collection'; readonly held: string | null };

export function allowed(row: ApprovalRow): Allowed {
  if (row.revoked) return { kind: 'revoked' };
  if (row.type === 'erc20') {
    return row.unlimited ? { kind: 'unlimited', symbol: row.tokenSymbol } : { kind: 'amount', amount: row.allowance, symbol: row.tokenSymbol };
  }
  if (row.type === 'erc721' && !row.collectionWide && row.tokenId !== null && row.tokenId !== undefined) {
    return { kind: 'token', id: row.tokenId, name: row.tokenName ?? null };
  }
  return { kind: 'collection', held: row.balance ?? null };
}

/** Only an ERC-20 allowance has an amount to change. */
export function canChange(row: ApprovalRow): boolean {
  return row.type === 'erc20';
}

/** A live approval can be revoked; a revoked one has nothing left to take away. */
export function canRevoke(row: ApprovalRow): boolean {
  return !row.revoked;
}

/** `kind: revoke` of POST …/transactions/prepare for `row`: `approve(spender, 0)`, `approve(0x0, id)` or `setApprovalForAll(operator, false)`. */
export function revokeRequest(row: ApprovalRow, from: string): PrepareRequest {
  const request: PrepareRequest = { kind: 'revoke', from, contract: contractOf(row), spender: row.spenderAddress };
  if (row.type === 'erc721' && !row.collectionWide && row.tokenId !== null && row.tokenId !== undefined) {
    return { ...request, tokenId: row.tokenId };
  }
  return request;
}

/** The new ERC-20 allowance the user chose. */
export type AllowanceChoice = { readonly kind: 'unlimited' } | { readonly kind: 'amount'; readonly amount: FixedAmount };

/**
 * Reads the change form: "unlimited", or the typed amount with the token's decimals
 * in the user's locale ("You can only enter 6 decimal places", "Invalid number
 * format"…). Zero is allowed: it removes the allowance.
 */
export function readAllowanceChoice(
  mode: 'custom' | 'unlimited',
  input: string,
  decimals: number,
  separators: NumberSeparators,
): Checked<AllowanceChoice> {
  if (mode === 'unlimited') return accept({ kind: 'unlimited' });
  const parsed = parseAmount(input, decimals, separators);
  return parsed.ok ? accept({ kind: 'amount', amount: parsed.value }) : parsed;
}

/** `kind: approve` of POST …/transactions/prepare; the server takes whole tokens as plain decimal text, or "unlimited". */
export function approveRequest(row: Erc20Row, from: string, choice: AllowanceChoice): PrepareRequest {
  const amount = choice.kind === 'unlimited' ? 'unlimited' : toPlainString(choice.amount);
  return { kind: 'approve', from, token: row.tokenAddress, spender: row.spenderAddress, amount };
}

/** The rows a batch may take: the live ones (a revoked row has nothing to revoke). */
export function selectableIds(rows: readonly ApprovalRow[]): string[] {
  return rows.filter(canRevoke).map((row) => row.id);
}

/** The selected rows still on screen and revocable, in the order they are shown (the batch's order). */
export function selectedRows(rows: readonly ApprovalRow[], selected: ReadonlySet<string>): ApprovalRow[] {
  return rows.filter((row) => canRevoke(row) && selected.has(row.id));
}

/** The header checkbox: none, some or all of the selectable rows are selected. */
export function selectionState(rows: readonly ApprovalRow[], selected: ReadonlySet<string>): 'none' | 'some' | 'all' {
  const ids = selectableIds(rows);
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** The header checkbox pressed: select every selectable row shown, or clear them when all were selected. */
export function toggleAll(rows: readonly ApprovalRow[], selected: ReadonlySet<string>): Set<string> {
  const ids = selectableIds(rows);
  const next = new Set(selected);
  if (selectionState(rows, selected) === 'all') {
    for (const id of ids) next.delete(id);
  } else {
    for (const id of ids) next.add(id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
