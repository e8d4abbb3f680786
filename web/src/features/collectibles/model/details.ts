/**
 * The details page's plain decisions: reading the link (`?contract=…&id=…`, plus an
 * optional `network`), the owners list with "you" marked, who besides the owners may
 * move the token (its approvals, spec §3 allowance rows seen from one NFT), and
 * explorer links when the network has an explorer.
 */

import { validateEvmAddress } from '../../../lib/validation/evmAddress';

export const DETAILS_PATH = '/evm/collectible-details';
/** Spec §4 "NFT transfer" / §9: owner data is refreshed 3 s after the receipt. */
export const OWNER_REFRESH_DELAY_MS = 3_000;

const MAX_TOKEN_ID = (1n << 256n) - 1n;

export type DetailsParams =
  | { readonly kind: 'missing' }
  | { readonly kind: 'invalid'; readonly field: 'contract' | 'id' }
  | { readonly kind: 'ok'; readonly contract: string; readonly tokenId: string; readonly network: string | null };

/** The collectible a details link names; the contract is checksummed, the id decimal without leading zeros. */
export function parseDetailsParams(params: URLSearchParams): DetailsParams {
  const contractText = params.get('contract')?.trim() ?? '';
  const idText = params.get('id')?.trim() ?? '';
  if (contractText === '' && idText === '') return { kind: 'missing' };
  const contract = validateEvmAddress(contractText);
  if (!contract.ok) return { kind: 'invalid', field: 'contract' };
  if (!/^\d{1,78}$/.test(idText) || BigInt(idText) > MAX_TOKEN_ID) return { kind: 'invalid', field: 'id' };
  const network = params.get('network')?.trim() ?? '';
  return { kind: 'ok', contract: contract.value.checksummed, tokenId: BigInt(idText).toString(), network: network === '' ? null : network };
}

/** The link of one collectible's details page. */
export function detailsHref(contract: string, tokenId: string, network?: string | null): string {
  const query = new URLSearchParams({ contract, id: tokenId });
  if (network) query.set('network', network);
  return `${DETAILS_PATH}?${query.toString()}`;
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && a.toLowerCase() === b?.toLowerCase();
}

export interface OwnerRow {
  readonly address: string;
  /** Decimal. */
  readonly amount: string;
  readonly isYou: boolean;
}

interface OwnedFields {
  readonly nftInterface: 'erc721' | 'erc1155';
  readonly owner?: string | null;
  readonly owners?: Readonly<Record<string, string>> | null;
}

/** ERC-721: its one owner; ERC-1155: every holder with an amount, largest first. */
export function ownerRows(nft: OwnedFields, account: string | null): OwnerRow[] {
  if (nft.nftInterface === 'erc721') {
    return nft.owner ? [{ address: nft.owner, amount: '1', isYou: sameAddress(nft.owner, account) }] : [];
  }
  return Object.entries(nft.owners ?? {})
    .filter(([, amount]) => /^\d+$/.test(amount) && BigInt(amount) > 0n)
    .map(([address, amount]) => ({ address, amount, isYou: sameAddress(address, account) }))
    .sort((a, b) => {
      const difference = BigInt(b.amount) - BigInt(a.amount);
      if (difference !== 0n) return difference > 0n ? 1 : -1;
      return a.address.toLowerCase().localeCompare(b.address.toLowerCase());
    });
}

/** How many of this token `account` holds, from the details answer. */
export function heldBy(nft: OwnedFields, account: string | null): bigint {
  if (account === null) return 0n;
  return ownerRows(nft, account).reduce((sum, row) => (row.isYou ? sum + BigInt(row.amount) : sum), 0n);
}

export type ApprovalRow =
  | { readonly kind: 'approved'; readonly spender: string }
  | { readonly kind: 'operator'; readonly owner: string; readonly spender: string };

interface ApprovalFields {
  readonly approvals: { readonly approved?: string | null; readonly operators: readonly { readonly owner: string; readonly operator: string }[] };
}

/** Who may move the token besides its owners: the approved address first, then each owner's operators. */
export function approvalRows(nft: ApprovalFields): ApprovalRow[] {
  const rows: ApprovalRow[] = [];
  const approved = nft.approvals.approved;
  if (approved && !/^0x0{40}$/i.test(approved)) rows.push({ kind: 'approved', spender: approved });
  const seen = new Set<string>();
  for (const { owner, operator } of nft.approvals.operators) {
    const key = `${owner.toLowerCase()}:${operator.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ kind: 'operator', owner, spender: operator });
  }
  return rows;
}

function explorerBase(explorerUrl: string | null): string | null {
  const base = explorerUrl?.trim().replace(/\/+$/, '') ?? '';
  return base === '' ? null : base;
}

export function explorerAddressUrl(explorerUrl: string | null, address: string): string | null {
  const base = explorerBase(explorerUrl);
  return base === null ? null : `${base}/address/${address}`;
}

export function explorerBlockUrl(explorerUrl: string | null, block: number): string | null {
  const base = explorerBase(explorerUrl);
  return base === null ? null : `${base}/block/${block}`;
}

