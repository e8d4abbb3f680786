/**
 * The address book and the recent recipients, per network, kept in the browser: named
 * addresses the user saved (EVM addresses in their checksummed form, native account
 * names as the chain spells them) and the last addresses sent to. Plain functions over
 * immutable lists; `storage.ts` keeps them, the send forms read them through
 * `useAddressBook`.
 */

import { validateAccountName } from '../validation/accountName';
import { validateEvmAddress } from '../validation/evmAddress';
import type { ValidationIssue } from '../validation/issue';

/** Which kind of address a network uses. */
export type AddressKind = 'evm' | 'native';

export interface BookEntry {
  /** The address (EVM: EIP-55) or account name (native). */
  readonly address: string;
  /** The user's name for it. */
  readonly name: string;
}

export interface RecentRecipient {
  readonly address: string;
  /** When the last transfer to it was confirmed, ms since the epoch. */
  readonly sentAt: number;
}

export const MAX_NAME_LENGTH = 40;
export const MAX_RECENT = 10;

export type BookIssue =
  | ValidationIssue
  | { readonly key: 'book.name_required' | 'book.name_too_long'; readonly values?: Readonly<Record<string, number | string>> };

export type BookResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BookIssue };

/** The address in its stored form, when valid for `kind`. */
export function normalizeAddress(kind: AddressKind, text: string): BookResult<string> {
  const trimmed = text.trim();
  if (kind === 'native') {
    const checked = validateAccountName(trimmed);
    return checked.ok ? { ok: true, value: checked.value } : checked;
  }
  const checked = validateEvmAddress(trimmed);
  return checked.ok ? { ok: true, value: checked.value.checksummed } : checked;
}

/** The address typed so far in its stored form, or null while it is empty or not yet valid. */
export function typedAddress(kind: AddressKind, text: string): string | null {
  if (text.trim() === '') return null;
  const checked = normalizeAddress(kind, text);
  return checked.ok ? checked.value : null;
}

export function checkName(text: string): BookResult<string> {
  const name = text.trim();
  if (name === '') return { ok: false, error: { key: 'book.name_required' } };
  if (name.length > MAX_NAME_LENGTH) return { ok: false, error: { key: 'book.name_too_long', values: { max: MAX_NAME_LENGTH } } };
  return { ok: true, value: name };
}

/** Whether two stored addresses are the same (EVM compares case-blind). */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function findEntry(entries: readonly BookEntry[], address: string): BookEntry | null {
  return entries.find((entry) => sameAddress(entry.address, address)) ?? null;
}

/** `entries` with `entry` saved: a new address is added, a known one renamed. Sorted by name. */
export function upsertEntry(entries: readonly BookEntry[], entry: BookEntry): BookEntry[] {
  const others = entries.filter((existing) => !sameAddress(existing.address, entry.address));
  return [...others, entry].sort((a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address));
}

export function removeEntry(entries: readonly BookEntry[], address: string): BookEntry[] {
  return entries.filter((entry) => !sameAddress(entry.address, address));
}

/** `recent` with a transfer to `address` at `sentAt` first, at most {@link MAX_RECENT}. */
export function recordRecipient(recent: readonly RecentRecipient[], address: string, sentAt: number): RecentRecipient[] {
  return [{ address, sentAt }, ...recent.filter((item) => !sameAddress(item.address, address))].slice(0, MAX_RECENT);
}

export interface Suggestion {
  readonly address: string;
  /** The saved name; null for a recent recipient not in the book. */
  readonly name: string | null;
  readonly recent: boolean;
}

/** What the recipient field offers for `typed`: saved entries, then recent recipients, matching name or address. */
export function suggestions(entries: readonly BookEntry[], recent: readonly RecentRecipient[], typed: string): Suggestion[] {
  const needle = typed.trim().toLowerCase();
  const matches = (address: string, name: string | null) =>
    needle === '' || address.toLowerCase().includes(needle) || (name ?? '').toLowerCase().includes(needle);
  const saved: Suggestion[] = entries
    .filter((entry) => matches(entry.address, entry.name))
    .map((entry) => ({ address: entry.address, name: entry.name, recent: recent.some((r) => sameAddress(r.address, entry.address)) }));
  const recents: Suggestion[] = recent
    .filter((item) => findEntry(entries, item.address) === null && matches(item.address, null))
    .map((item) => ({ address: item.address, name: null, recent: true }));
  return [...saved, ...recents];
}
