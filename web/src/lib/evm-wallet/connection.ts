/**
 * The connected EVM wallet (spec §4 "EVM login", "Auto-login", "Logout"): one live
 * connection per page, kept in a small store the screens subscribe to. Logging in
 * asks the wallet for its accounts (requesting them when it reports none), switches
 * it to the network (adding the chain when the wallet does not know it), and
 * stores the session so a reload logs in again. A change of accounts in the wallet
 * logs in again with the new account; an empty list logs out.
 */

import type { ParseKeys } from 'i18next';
import type { NetworkSummary } from '../networks/api/networks';
import { addChainParameter } from '../networks/model/addChainParameter';
import { clearSession, notifyStoredAccountChanged, readStoredAccount } from '../session/storedAccount';
import { writeStoredSession } from '../session/storedSession';
import { browserStorage } from '../storage';
import { toChecksumAddress } from '../validation/evmAddress';
import { switchNetwork, type SwitchOutcome } from '../wallet/switchNetwork';
import { classifyWalletError } from '../wallet/walletErrors';
import { fromQuantity, readAccounts, type EventfulProvider } from './provider';

export interface EvmWalletChoice {
  /** Stored as the session's authenticator (an EIP-6963 rdns, `injected`, or the dev wallet's id). */
  readonly id: string;
  readonly name: string;
  readonly provider: EventfulProvider;
  /** Ends the wallet's own session at logout, for wallets that keep one (the connection protocol's). */
  readonly end?: () => Promise<void>;
}

export interface EvmConnection {
  readonly walletId: string;
  readonly walletName: string;
  /** EIP-55. */
  readonly address: string;
  /** The network (server name) the session is on. */
  readonly network: string;
  /**
   * The chain the wallet last said it is on (at login, then each `chainChanged`); null
   * when it sent something unreadable. Signing is blocked while it differs from the
   * network's chain: a wallet that changed chain on its own is flagged, never signed on.
   */
  readonly walletChainId: number | null;
  readonly provider: EventfulProvider;
  readonly end?: () => Promise<void>;
}

type Listener = () => void;

/** Why a login did not happen, as a text key the screen shows. */
export type ConnectOutcome =
  | { readonly kind: 'connected'; readonly connection: EvmConnection; readonly switched: SwitchOutcome }
  | { readonly kind: 'rejected'; readonly message: ParseKeys; readonly values?: Record<string, string> }
  | { readonly kind: 'failed'; readonly message: ParseKeys; readonly values?: Record<string, string>; readonly error?: unknown };

export function createConnectionStore() {
  let current: EvmConnection | null = null;
  let detach: (() => void) | null = null;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const set = (next: EvmConnection | null) => {
    current = next;
    emit();
  };

  return {
    get: (): EvmConnection | null => current,
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Replaces the connection and the wallet-event subscription that belongs to it. */
    attach: (next: EvmConnection, unsubscribe: () => void) => {
      detach?.();
      detach = unsubscribe;
      set(next);
    },
    update: (next: EvmConnection) => {
      set(next);
    },
    clear: () => {
      detach?.();
      detach = null;
      set(null);
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;

export const evmConnection: ConnectionStore = createConnectionStore();

function storeSession(network: string, rawAddress: string, walletId: string): string {
  const address = toChecksumAddress(rawAddress);
  const storage = browserStorage();
  if (storage) writeStoredSession(storage, 'evm', { account: address, network, authenticator: walletId, rawAddress });
  notifyStoredAccountChanged();
  return address;
}

/** What happens when the wallet's accounts change: log in again with the first one, or log out on an empty list. */
export function accountsChangedAction(accounts: unknown, currentAddress: string): { kind: 'logout' } | { kind: 'switch'; address: string } | { kind: 'none' } {
  const list = readAccounts(accounts);
  const first = list[0];
  if (first === undefined) return { kind: 'logout' };
  return first.toLowerCase() === currentAddress.toLowerCase() ? { kind: 'none' } : { kind: 'switch', address: first };
}

/** A `chainChanged` payload (hex text, or a number from lenient wallets) as a chain id; null when unreadable. */
export function readChainId(value: unknown): number | null {
  const chainId = fromQuantity(value);
  return chainId === null || chainId > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(chainId);
}

function watchWallet(store: ConnectionStore, provider: EventfulProvider): () => void {
  if (typeof provider.on !== 'function') return () => undefined;
  const onAccounts = (accounts: unknown) => {
    const connection = store.get();
    if (connection?.provider !== provider) return;
    const action = accountsChangedAction(accounts, connection.address);
    if (action.kind === 'logout') {
      store.clear();
      clearSession('evm');
    } else if (action.kind === 'switch') {
      const address = storeSession(connection.network, action.address, connection.walletId);
      store.update({ ...connection, address });
    }
  };
  const onChain = (chainId: unknown) => {
    const connection = store.get();
    if (connection?.provider !== provider) return;
    store.update({ ...connection, walletChainId: readChainId(chainId) });
  };
  provider.on('accountsChanged', onAccounts);
  provider.on('chainChanged', onChain);
  return () => {
    provider.removeListener?.('accountsChanged', onAccounts);
    provider.removeListener?.('chainChanged', onChain);
  };
}

async function walletAccounts(provider: EventfulProvider, { prompt }: { prompt: boolean }): Promise<string[]> {
  const known = readAccounts(await provider.request({ method: 'eth_accounts' }));
  if (known.length > 0 || !prompt) return known;
  // Spec §4: when the provider reports no accounts, ask for them.
  return readAccounts(await provider.request({ method: 'eth_requestAccounts' }));
}

/**
 * Logs in with `wallet` on `network`. With `prompt: false` (auto-login at start) the
 * wallet is only asked which accounts it already shares, so a reload never opens a
 * wallet popup; `expectedAddress` then has to be among them or the first one is used.
 */
export async function connectEvmWallet(
  wallet: EvmWalletChoice,
  network: NetworkSummary,
  { prompt = true, store = evmConnection, origin = window.location.origin }: { prompt?: boolean; store?: ConnectionStore; origin?: string } = {},
): Promise<ConnectOutcome> {
  const chain = addChainParameter(network, origin);
  if (chain === null) return { kind: 'failed', message: 'antelope.chain.error_settings_not_found', values: { network: network.displayName } };
  let accounts: string[];
  try {
    accounts = await walletAccounts(wallet.provider, { prompt });
  } catch (error) {
    const classified = classifyWalletError(error);
    return classified.outcome === 'cancelled'
      ? { kind: 'rejected', message: 'antelope.evm.error_connect_rejected' }
      : { kind: 'failed', message: 'antelope.evm.error_login', error };
  }
  const first = accounts[0];
  if (first === undefined) return { kind: 'failed', message: 'antelope.evm.error_no_account' };

  const switched = await switchNetwork(wallet.provider, chain);
  if (switched.kind === 'rejected') return { kind: 'rejected', message: switched.message, values: { network: network.displayName } };
  if (switched.kind === 'failed') {
    return { kind: 'failed', message: switched.message, values: { network: network.displayName }, error: switched.error };
  }

  const address = storeSession(network.name, first, wallet.id);
  const connection: EvmConnection = {
    walletId: wallet.id,
    walletName: wallet.name,
    address,
    network: network.name,
    walletChainId: typeof network.chainId === 'number' ? network.chainId : null,
    provider: wallet.provider,
    ...(wallet.end === undefined ? {} : { end: wallet.end }),
  };
  store.attach(connection, watchWallet(store, wallet.provider));
  return { kind: 'connected', connection, switched };
}

/**
 * Logout's wallet part: forget the connection and end the wallet's own session
 * where it keeps one (the caller clears the stored session and navigates).
 */
export function disconnectEvmWallet(store: ConnectionStore = evmConnection): void {
  const end = store.get()?.end;
  store.clear();
  // Telling the wallet may fail (its relay unreachable); the page is logged out either way.
  end?.().catch((error: unknown) => {
    console.warn('the wallet session did not end cleanly', error);
  });
}

/**
 * Disconnects unless the account stored right now is the connection's: after a logout,
 * or when another tab logged in with another account. The stored account is read here,
 * never passed in from a render: a login that finished after the render (a click on
 * home while the page was still loading) has stored its account and attached its
 * connection already, and the render's older account would end that fresh connection.
 */
export function disconnectUnlessStored(store: ConnectionStore = evmConnection): void {
  const connection = store.get();
  if (connection !== null && readStoredAccount('evm')?.toLowerCase() !== connection.address.toLowerCase()) {
    disconnectEvmWallet(store);
  }
}
