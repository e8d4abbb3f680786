/** How the transaction detail reads: its title, the hash a lookup box opens, the parties' labels. */

import { validateTransactionHash } from '../../../lib/validation/transactionHash';
import type { Checked } from '../../../lib/validation/issue';
import type { TransactionDetail } from '../api/transaction';

/** What the transaction did, for its heading. */
export type DetailTitle =
  | { readonly kind: 'function'; readonly name: string }
  | { readonly kind: 'transfer' }
  | { readonly kind: 'contractCreation' }
  | { readonly kind: 'unknownFunction'; readonly selector: string };

export function detailTitle(detail: Pick<TransactionDetail, 'to' | 'createdContract' | 'function' | 'selector'>): DetailTitle {
  if ((detail.to ?? null) === null) return { kind: 'contractCreation' };
  if (detail.function) return { kind: 'function', name: detail.function.name };
  if (detail.selector) return { kind: 'unknownFunction', selector: detail.selector };
  return { kind: 'transfer' };
}

/**
 * The hash a lookup box opens: what was pasted without the spaces and line breaks a
 * copy tends to carry, checked by the hash rule.
 */
export function lookupHash(input: string): Checked<string> {
  return validateTransactionHash(input.trim());
}

/** A party's label: the contract's name when known, else the address. */
export function partyLabel(party: { readonly address: string; readonly name?: string | null }): string {
  return party.name ?? party.address;
}

/** True when `address` is the zero address (a mint's sender, a burn's recipient). */
export function isZeroAddress(address: string): boolean {
  return /^0x0{40}$/i.test(address);
}
