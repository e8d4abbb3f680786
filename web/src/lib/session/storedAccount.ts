/**
 * The account the user connected, as stored in localStorage under `account`
 * (spec §2: the auth guard only asks whether an account is stored), and the
 * storage keys of the session. Login itself arrives in a later release; the
 * whole stored session is read and written by storedSession.ts.
 */

import { browserStorage, type StorageLike } from '../storage';

export const ACCOUNT_STORAGE_KEY = 'account';
export const NETWORK_STORAGE_KEY = 'network';
/** The EVM address as the wallet reported it (before checksumming). */
export const RAW_ADDRESS_STORAGE_KEY = 'rawAddress';
export const IS_NATIVE_STORAGE_KEY = 'isNative';
/** The authenticator to log in with at start (spec §4 "Auto-login"). */
export const AUTO_LOGIN_STORAGE_KEY = 'autoLogin';

/** Keys a logout clears (spec §4 "Logout", spec §3 "Local storage"). */
export const SESSION_STORAGE_KEYS = [
  NETWORK_STORAGE_KEY,
  ACCOUNT_STORAGE_KEY,
  RAW_ADDRESS_STORAGE_KEY,
  IS_NATIVE_STORAGE_KEY,
  AUTO_LOGIN_STORAGE_KEY,
] as const;

export type AccountKind = 'native' | 'evm';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An EVM address is 0x + 40 hex digits; anything else stored is a native account name. */
export function accountKind(account: string): AccountKind {
  return EVM_ADDRESS.test(account) ? 'evm' : 'native';
}

/** A stored value counts as an account only when it is non-blank. */
export function normaliseStoredAccount(raw: string | null): string | null {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `0x1234…abcd` for addresses; native names are short already. */
export function shortAccountLabel(account: string): string {
  return accountKind(account) === 'evm' ? `${account.slice(0, 6)}…${account.slice(-4)}` : account;
}

const CHANGE_EVENT = 'tandem:account-changed';

export function readStoredAccount(): string | null {
  return normaliseStoredAccount(browserStorage()?.getItem(ACCOUNT_STORAGE_KEY) ?? null);
}

/** Logout's storage part: every session key goes, preferences stay. */
export function clearSessionKeys(storage: StorageLike | null): void {
  for (const key of SESSION_STORAGE_KEYS) storage?.removeItem(key);
}

export function clearSession(): void {
  clearSessionKeys(browserStorage());
  notifyStoredAccountChanged();
}

/** Tells this tab's subscribers that a login stored a new account. */
export function notifyStoredAccountChanged(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Subscribes to account changes in this tab and in other tabs. */
export function subscribeToStoredAccount(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCOUNT_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
