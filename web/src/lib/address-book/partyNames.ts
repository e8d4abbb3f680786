/**
 * The user's own names for the parties a screen shows: "you" for the account's own
 * addresses (the signed-in account, and across chains the account linked to it), else the
 * name saved in the address book for the network, else nothing (the screen shows the
 * address itself). History rows, the transaction detail and the review all name parties
 * this way.
 */

import { findEntry, sameAddress, type BookEntry } from './model';

export type PartyName = { readonly kind: 'you' } | { readonly kind: 'book'; readonly name: string };

export interface PartyNames {
  /** The account's own addresses (or account names). */
  readonly own: readonly string[];
  /** The address book of the network. */
  readonly book: readonly BookEntry[];
}

/** Who `address` is to the user, when they know it. */
export function partyName(names: PartyNames, address: string): PartyName | null {
  if (names.own.some((own) => sameAddress(own, address))) return { kind: 'you' };
  const entry = findEntry(names.book, address);
  return entry === null ? null : { kind: 'book', name: entry.name };
}
