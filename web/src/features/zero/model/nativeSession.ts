/**
 * The native session in memory (spec §3 "Account (per network)": network, account,
 * permission, authenticator) beside the keys lib/session stores. WharfKit stays out
 * of this module: a wallet that can sign is an opaque {@link NativeSigner} built by
 * the lazily loaded signing module, so the home page never loads WharfKit.
 */

import { browserStorage, trySetItem, type StorageLike } from '../../../lib/storage';
import { notifyStoredAccountChanged, readStoredAccount, subscribeToStoredAccount } from '../../../lib/session/storedAccount';
import { readStoredSession, writeStoredSession } from '../../../lib/session/storedSession';
import { forgetDevWalletKey } from './devWalletKey';

/** Wallet plugins that sign in the browser, then the two ways that sign nothing here. */
export const WALLET_AUTHENTICATORS = ['anchor', 'scatter', 'wombat', 'tokenpocket'] as const;
export type WalletAuthenticatorId = (typeof WALLET_AUTHENTICATORS)[number];
export type NativeAuthenticatorId = WalletAuthenticatorId | 'devkey' | 'cleos' | 'viewer';

export const NATIVE_AUTHENTICATORS: readonly NativeAuthenticatorId[] = [...WALLET_AUTHENTICATORS, 'devkey', 'cleos', 'viewer'];

export function isNativeAuthenticator(value: string | null): value is NativeAuthenticatorId {
  return NATIVE_AUTHENTICATORS.some((id) => id === value);
}

/** One action to build, authorised by the session's account and permission. */
export interface NativeActionRequest {
  readonly contract: string;
  readonly name: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * The transaction header (spec §9): `normal` signing is 3 blocks behind and lives 30 s;
 * a transaction sent to the fee sponsor lives 3600 s, because a person reads the fee
 * dialog and approves in the wallet before it is signed (docs/adr/0020-sponsored-transaction-header.md).
 */
export type HeaderKind = 'normal' | 'sponsored';

export function headerOptions(kind: HeaderKind): { readonly blocksBehind: number; readonly expireSeconds: number } {
  return kind === 'sponsored' ? { blocksBehind: 3, expireSeconds: 3600 } : { blocksBehind: 3, expireSeconds: 30 };
}

/** What a signed-in wallet can do; built by signing/chainTools.ts. */
export interface NativeSigner {
  /** The unsigned transaction of `actions` with the given header, packed hex. */
  buildTransaction(actions: readonly NativeActionRequest[], header: HeaderKind): Promise<string>;
  /** Signatures of the packed transaction by the wallet. */
  sign(packedTrx: string): Promise<string[]>;
  logout(): Promise<void>;
}

export interface NativeSession {
  readonly network: string;
  readonly account: string;
  readonly permission: string;
  readonly authenticator: NativeAuthenticatorId;
  /** Null for the viewer, the command-line sign-in, and a wallet that could not be restored. */
  readonly signer: NativeSigner | null;
}

/** Stored beside the native session (lib/session SESSION_KEYS.native), cleared with it. */
export const NATIVE_PERMISSION_STORAGE_KEY = 'tandem.nativePermission';

/** Spec §6: the viewer and a new native session sign with active unless told otherwise. */
export const DEFAULT_PERMISSION = 'active';

type Listener = () => void;

let current: NativeSession | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const nativeSessionStore = {
  get: (): NativeSession | null => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After a login: keep it in memory and store the keys the next start logs in with. */
  start(session: NativeSession, storage: StorageLike | null = browserStorage()): void {
    current = session;
    if (storage !== null) {
      writeStoredSession(storage, 'native', {
        account: session.account,
        network: session.network,
        authenticator: session.authenticator,
      });
      trySetItem(storage, NATIVE_PERMISSION_STORAGE_KEY, session.permission);
    }
    emit();
    notifyStoredAccountChanged();
  },
  /** A restored session (auto-login): memory only, storage already holds it. */
  restore(session: NativeSession): void {
    current = session;
    emit();
  },
  /** Drops the session in memory and tells the wallet (spec §4 logout: authenticator logout). */
  end(): void {
    const ended = current;
    current = null;
    browserStorage()?.removeItem(NATIVE_PERMISSION_STORAGE_KEY);
    forgetDevWalletKey();
    emit();
    void ended?.signer?.logout().catch(() => undefined);
  },
};

/** The stored native session to log in with at start, or null (spec §4 auto-login). */
export function storedNativeLogin(storage: StorageLike | null): { network: string; account: string; permission: string; authenticator: NativeAuthenticatorId } | null {
  const stored = readStoredSession(storage, 'native');
  if (stored.account === null || stored.network === null) return null;
  if (!isNativeAuthenticator(stored.authenticator)) return null;
  const storedPermission = storage?.getItem(NATIVE_PERMISSION_STORAGE_KEY)?.trim() ?? '';
  const permission = storedPermission === '' ? DEFAULT_PERMISSION : storedPermission;
  return { network: stored.network, account: stored.account, permission, authenticator: stored.authenticator };
}

// Disconnect (the header's account menu) clears the stored native account: end the wallet session too.
if (typeof window !== 'undefined') {
  subscribeToStoredAccount(() => {
    if (current !== null && readStoredAccount('native') !== current.account) nativeSessionStore.end();
  });
}
