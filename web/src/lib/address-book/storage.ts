/**
 * Where the address book and the recent recipients live: localStorage, one key per
 * network each. What is stored is read back defensively (an edited or older value
 * that does not fit is ignored entry by entry, never thrown at the user).
 */

import type { StorageLike } from '../storage';
import { normalizeAddress, type AddressKind, type BookEntry, type RecentRecipient } from './model';

const bookKey = (network: string) => `tandem.addressBook.${network}`;
const recentKey = (network: string) => `tandem.recentRecipients.${network}`;

function readList(storage: StorageLike | null, key: string): unknown[] {
  const text = storage?.getItem(key) ?? null;
  if (text === null) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function readBook(storage: StorageLike | null, network: string, kind: AddressKind): BookEntry[] {
  return readList(storage, bookKey(network)).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, address } = item as { name?: unknown; address?: unknown };
    if (typeof name !== 'string' || typeof address !== 'string') return [];
    const checked = normalizeAddress(kind, address);
    return checked.ok ? [{ name, address: checked.value }] : [];
  });
}

export function writeBook(storage: StorageLike | null, network: string, entries: readonly BookEntry[]): void {
  storage?.setItem(bookKey(network), JSON.stringify(entries));
}

export function readRecent(storage: StorageLike | null, network: string, kind: AddressKind): RecentRecipient[] {
  return readList(storage, recentKey(network)).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { address, sentAt } = item as { address?: unknown; sentAt?: unknown };
    if (typeof address !== 'string' || typeof sentAt !== 'number') return [];
    const checked = normalizeAddress(kind, address);
    return checked.ok ? [{ address: checked.value, sentAt }] : [];
  });
}

export function writeRecent(storage: StorageLike | null, network: string, recent: readonly RecentRecipient[]): void {
  storage?.setItem(recentKey(network), JSON.stringify(recent));
}

/** The event other hooks on the page hear when a book or the recents change. */
export const BOOK_CHANGED = 'tandem:address-book-changed';
