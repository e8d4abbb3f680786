/**
 * The whole stored session of one chain (spec §3 "Local storage": network, account,
 * rawAddress, isNative, autoLogin; storedAccount.ts says where each chain's lives)
 * and the auto-login decision of spec §4: at start, when an account is stored and
 * no session exists, log in again with the stored authenticator, network and account.
 */

import { trySetItem, type StorageLike } from '../storage';
import {
  IS_NATIVE_STORAGE_KEY,
  normaliseStoredAccount,
  RAW_ADDRESS_STORAGE_KEY,
  SESSION_KEYS,
  sessionStorageKeys,
  type AccountKind,
} from './storedAccount';

export interface StoredSession {
  readonly account: string | null;
  readonly network: string | null;
  readonly rawAddress: string | null;
  readonly isNative: boolean | null;
  /** The authenticator's name. */
  readonly authenticator: string | null;
}

export function readStoredSession(storage: StorageLike | null, kind: AccountKind): StoredSession {
  const read = (key: string) => normaliseStoredAccount(storage?.getItem(key) ?? null);
  const keys = SESSION_KEYS[kind];
  const account = read(keys.account);
  if (kind === 'native') {
    return { account, network: read(keys.network), rawAddress: null, isNative: account === null ? null : true, authenticator: read(keys.autoLogin) };
  }
  const isNative = read(IS_NATIVE_STORAGE_KEY);
  return {
    account,
    network: read(keys.network),
    rawAddress: read(RAW_ADDRESS_STORAGE_KEY),
    isNative: isNative === 'true' ? true : isNative === 'false' ? false : null,
    authenticator: read(keys.autoLogin),
  };
}

export interface SessionToStore {
  readonly account: string;
  readonly network: string;
  readonly authenticator: string;
  /** EVM only: the address as the wallet reported it. */
  readonly rawAddress?: string;
}

/** What a successful login of `kind` stores, so the next start can log in again; the other chain's session stays. */
export function writeStoredSession(storage: StorageLike, kind: AccountKind, session: SessionToStore): void {
  const keys = SESSION_KEYS[kind];
  storage.setItem(keys.account, session.account);
  storage.setItem(keys.network, session.network);
  storage.setItem(keys.autoLogin, session.authenticator);
  if (kind === 'native') return;
  storage.setItem(IS_NATIVE_STORAGE_KEY, 'false');
  if (session.rawAddress === undefined) storage.removeItem(RAW_ADDRESS_STORAGE_KEY);
  else storage.setItem(RAW_ADDRESS_STORAGE_KEY, session.rawAddress);
}

/**
 * A native session stored by a build with one session at a time sits under the EVM
 * keys with `isNative` true: it moves to the native keys (unless a native session is
 * stored there already), so the EVM screens never read its name as an address.
 */
export function separateStoredSessions(storage: StorageLike | null): void {
  if (storage?.getItem(IS_NATIVE_STORAGE_KEY) !== 'true') return;
  const old = readStoredSession(storage, 'evm');
  const evmKeys = sessionStorageKeys('evm');
  if (old.account !== null && old.network !== null && old.authenticator !== null && readStoredSession(storage, 'native').account === null) {
    const keys = SESSION_KEYS.native;
    trySetItem(storage, keys.account, old.account);
    trySetItem(storage, keys.network, old.network);
    trySetItem(storage, keys.autoLogin, old.authenticator);
  }
  for (const key of evmKeys) storage.removeItem(key);
}

export type AutoLoginDecision =
  | {
      readonly kind: 'login';
      readonly account: string;
      readonly network: string;
      readonly authenticator: string;
      readonly isNative: boolean | null;
    }
  | { readonly kind: 'skip'; readonly reason: 'no_account' | 'session_exists' | 'incomplete' };

/**
 * Whether to log in at start. Skipped when a session already exists (spec: it is
 * cancelled if an account already exists), when no account is stored, and when
 * the network or the authenticator to use is missing (nothing to log in with).
 */
export function decideAutoLogin(stored: StoredSession, { sessionExists }: { sessionExists: boolean }): AutoLoginDecision {
  if (sessionExists) return { kind: 'skip', reason: 'session_exists' };
  const { account, network, authenticator, isNative } = stored;
  if (account === null) return { kind: 'skip', reason: 'no_account' };
  if (network === null || authenticator === null) return { kind: 'skip', reason: 'incomplete' };
  return { kind: 'login', account, network, authenticator, isNative };
}
