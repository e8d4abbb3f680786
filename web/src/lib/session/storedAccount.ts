/**
 * The accounts the user connected, one per chain: an EVM session under spec §3's
 * localStorage keys (`account`, `network`, `rawAddress`, `isNative`, `autoLogin`;
 * the auth guard asks whether an EVM account is stored) and a native session under
 * keys of its own, so both live side by side (issue 15). The whole stored session is
 * read and written by storedSession.ts.
 */

import { browserStorage, type StorageLike } from '../storage';

export const ACCOUNT_STORAGE_KEY = 'account';
export const NETWORK_STORAGE_KEY = 'network';
/** The EVM address as the wallet reported it (before checksumming). */
export const RAW_ADDRESS_STORAGE_KEY = 'rawAddress';
/** Spec §3's flag of the single-session design: `true` marks a native session stored under the EVM keys. */
export const IS_NATIVE_STORAGE_KEY = 'isNative';
/** The authenticator to log in with at start (spec §4 "Auto-login"). */
export const AUTO_LOGIN_STORAGE_KEY = 'autoLogin';

export type AccountKind = 'native' | 'evm';

export interface SessionKeys {
  readonly account: string;
  readonly network: string;
  readonly autoLogin: string;
  /** Keys only this kind has (the raw EVM address, the spec's isNative flag, the native permission). */
  readonly extra: readonly string[];
}

/** Where each chain's session lives in localStorage. */
export const SESSION_KEYS: Readonly<Record<AccountKind, SessionKeys>> = {
  evm: {
    account: ACCOUNT_STORAGE_KEY,
    network: NETWORK_STORAGE_KEY,
    autoLogin: AUTO_LOGIN_STORAGE_KEY,
    extra: [RAW_ADDRESS_STORAGE_KEY, IS_NATIVE_STORAGE_KEY],
  },
  native: {
    account: 'tandem.native.account',
    network: 'tandem.native.network',
    autoLogin: 'tandem.native.autoLogin',
    extra: ['tandem.nativePermission'],
  },
};

/** Keys a logout of `kind` clears (spec §4 "Logout", spec §3 "Local storage"). */
export function sessionStorageKeys(kind: AccountKind): readonly string[] {
  const keys = SESSION_KEYS[kind];
  return [keys.network, keys.account, keys.autoLogin, ...keys.extra];
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An EVM address is 0x + 40 hex digits; anything else is a native account name. */
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

/**
 * The account of `kind`'s session. The EVM one is only ever an address: a native
 * name under the EVM keys (a session stored before both could live side by side)
 * does not count, so no EVM screen reads a native name as an address.
 */
export function readStoredAccount(kind: AccountKind): string | null {
  const account = normaliseStoredAccount(browserStorage()?.getItem(SESSION_KEYS[kind].account) ?? null);
  if (account === null) return null;
  return kind === 'evm' && accountKind(account) !== 'evm' ? null : account;
}

/** Logout's storage part for one chain: its session keys go, the other session and preferences stay. */
export function clearSessionKeys(storage: StorageLike | null, kind: AccountKind): void {
  for (const key of sessionStorageKeys(kind)) storage?.removeItem(key);
}

export function clearSession(kind: AccountKind): void {
  clearSessionKeys(browserStorage(), kind);
  notifyStoredAccountChanged();
}

/** Tells this tab's subscribers that a login stored a new account. */
export function notifyStoredAccountChanged(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const ACCOUNT_KEYS: readonly string[] = [SESSION_KEYS.evm.account, SESSION_KEYS.native.account];

/** Subscribes to account changes (either chain) in this tab and in other tabs. */
export function subscribeToStoredAccount(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || ACCOUNT_KEYS.includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
