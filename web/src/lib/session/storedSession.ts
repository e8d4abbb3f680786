/**
 * The whole stored session of spec §3 ("Local storage": network, account,
 * rawAddress, isNative, autoLogin) and the auto-login decision of spec §4: at
 * start, when an account is stored and no session exists, log in again with the
 * stored authenticator, network and account.
 */

import type { StorageLike } from '../storage';
import {
  ACCOUNT_STORAGE_KEY,
  AUTO_LOGIN_STORAGE_KEY,
  IS_NATIVE_STORAGE_KEY,
  NETWORK_STORAGE_KEY,
  normaliseStoredAccount,
  RAW_ADDRESS_STORAGE_KEY,
} from './storedAccount';

export interface StoredSession {
  readonly account: string | null;
  readonly network: string | null;
  readonly rawAddress: string | null;
  readonly isNative: boolean | null;
  /** The authenticator's name. */
  readonly authenticator: string | null;
}

export function readStoredSession(storage: StorageLike | null): StoredSession {
  const read = (key: string) => normaliseStoredAccount(storage?.getItem(key) ?? null);
  const isNative = read(IS_NATIVE_STORAGE_KEY);
  return {
    account: read(ACCOUNT_STORAGE_KEY),
    network: read(NETWORK_STORAGE_KEY),
    rawAddress: read(RAW_ADDRESS_STORAGE_KEY),
    isNative: isNative === 'true' ? true : isNative === 'false' ? false : null,
    authenticator: read(AUTO_LOGIN_STORAGE_KEY),
  };
}

export interface SessionToStore {
  readonly account: string;
  readonly network: string;
  readonly isNative: boolean;
  readonly authenticator: string;
  readonly rawAddress?: string;
}

/** What a successful login stores, so the next start can log in again. */
export function writeStoredSession(storage: StorageLike, session: SessionToStore): void {
  storage.setItem(ACCOUNT_STORAGE_KEY, session.account);
  storage.setItem(NETWORK_STORAGE_KEY, session.network);
  storage.setItem(IS_NATIVE_STORAGE_KEY, String(session.isNative));
  storage.setItem(AUTO_LOGIN_STORAGE_KEY, session.authenticator);
  if (session.rawAddress === undefined) storage.removeItem(RAW_ADDRESS_STORAGE_KEY);
  else storage.setItem(RAW_ADDRESS_STORAGE_KEY, session.rawAddress);
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
