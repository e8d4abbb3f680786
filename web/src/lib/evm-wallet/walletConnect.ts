/**
 * The connection-protocol wallet (WalletConnect v2): a phone's wallet app pairs
 * with this page through the protocol's relay, and from then on it is one more
 * EIP-1193 provider for connection.ts. The SDK is large, so it loads here, on
 * demand, only when the user picks this wallet or a stored session of it is
 * restored at start; the home route never ships it.
 *
 * The SDK's own QR modal is off: the pairing link reaches the caller through
 * `onUri`, and the app's dialog shows it. The session the SDK stores itself
 * (in IndexedDB) is what auto-login restores, without a new QR code.
 */

import type { ParseKeys } from 'i18next';
import type { NetworkSummary } from '../networks/api/networks';
import { classifyWalletError } from '../wallet/walletErrors';
import type { EvmWalletChoice } from './connection';
import { WALLET_CONNECT_ID } from './connectionProtocol';
import type { EventfulProvider } from './provider';

export const WALLET_CONNECT_NAME = 'Connection-protocol wallet';

/** How long the relay may take to hand out a pairing link before it counts as unreachable. */
export const PAIRING_LINK_TIMEOUT_MS = 20_000;

export interface WalletConnectSettings {
  /** The server's `wallet_connect_project_id`. */
  readonly projectId: string;
  readonly network: NetworkSummary;
  /** This page's origin: the wallet shows it (and the app icon) when it asks to connect. */
  readonly origin: string;
}

/** The SDK's EthereumProvider options this app sets. */
export interface WalletConnectOptions {
  readonly projectId: string;
  readonly chains: [number];
  readonly rpcMap: Record<string, string>;
  readonly showQrModal: false;
  readonly metadata: { name: string; description: string; url: string; icons: string[] };
}

/** Null when the network cannot be reached through the protocol (no numeric chain id or no RPC). */
export function walletConnectOptions({ projectId, network, origin }: WalletConnectSettings): WalletConnectOptions | null {
  const { chainId, rpcUrl } = network;
  if (network.kind !== 'evm' || typeof chainId !== 'number' || rpcUrl === null) return null;
  return {
    projectId,
    chains: [chainId],
    // The wallet signs; reads (receipts, balances) go to the network's own RPC, which the CSP already allows.
    rpcMap: { [String(chainId)]: rpcUrl },
    showQrModal: false,
    metadata: {
      name: 'Tandem',
      description: 'A self-hostable web wallet for Telos and Telos EVM',
      url: origin,
      icons: [new URL('/favicon.svg', origin).href],
    },
  };
}

type ProviderEvent = 'display_uri' | 'accountsChanged' | 'chainChanged' | 'session_delete';
type Listener = (value: unknown) => void;

/** The few things this module does with the SDK's provider, so the rest never sees its types. */
interface WalletConnectPort {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  hasSession(): boolean;
  on(event: ProviderEvent, listener: Listener): void;
  off(event: ProviderEvent, listener: Listener): void;
  /** Stops listening for answers to a pairing link nobody should use any more. */
  abandonPairing(): Promise<void>;
}

async function loadPort(options: WalletConnectOptions): Promise<WalletConnectPort> {
  const { EthereumProvider } = await import('@walletconnect/ethereum-provider');
  const provider = await EthereumProvider.init({ ...options, chains: [...options.chains], metadata: { ...options.metadata } });
  return {
    request: (args) => provider.request(args),
    connect: () => provider.connect(),
    disconnect: () => provider.disconnect(),
    hasSession: () => provider.session !== undefined,
    on: (event, listener) => {
      provider.on(event, listener);
    },
    off: (event, listener) => {
      provider.removeListener(event, listener);
    },
    abandonPairing: () => provider.signer.cleanupPendingPairings({ deletePairings: true }),
  };
}

/** One provider per project and chain for the page's life: the SDK keeps one relay client per page. */
const ports = new Map<string, Promise<WalletConnectPort>>();

function portFor(options: WalletConnectOptions): Promise<WalletConnectPort> {
  const key = `${options.projectId}:${String(options.chains[0])}`;
  let port = ports.get(key);
  if (port === undefined) {
    port = loadPort(options);
    ports.set(key, port);
    // A failed start (relay down) must not stay cached: the next attempt tries again.
    port.catch(() => ports.delete(key));
  }
  return port;
}

/**
 * The provider connection.ts logs in with. The wallet ending the session
 * (session_delete) reads as an empty account list, which logs out (spec §4).
 */
function eventfulProvider(port: WalletConnectPort): EventfulProvider {
  const sessionEndListeners = new Map<Listener, Listener>();
  return {
    request: ({ method, params }) => port.request(params === undefined ? { method } : { method, params: [...params] }),
    on: (event, listener) => {
      if (event === 'chainChanged') port.on(event, listener);
      if (event !== 'accountsChanged') return;
      port.on(event, listener);
      const onSessionEnd = () => {
        listener([]);
      };
      sessionEndListeners.set(listener, onSessionEnd);
      port.on('session_delete', onSessionEnd);
    },
    removeListener: (event, listener) => {
      if (event === 'chainChanged') port.off(event, listener);
      if (event !== 'accountsChanged') return;
      port.off(event, listener);
      const onSessionEnd = sessionEndListeners.get(listener);
      if (onSessionEnd !== undefined) port.off('session_delete', onSessionEnd);
      sessionEndListeners.delete(listener);
    },
  };
}

function choiceFor(port: WalletConnectPort): EvmWalletChoice {
  return { id: WALLET_CONNECT_ID, name: WALLET_CONNECT_NAME, provider: eventfulProvider(port), end: () => port.disconnect() };
}

export type PairingOutcome =
  | { readonly kind: 'paired'; readonly choice: EvmWalletChoice }
  /** The user closed the pairing dialog. */
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'rejected'; readonly message: ParseKeys }
  | { readonly kind: 'failed'; readonly message: ParseKeys; readonly values?: Record<string, string>; readonly error?: unknown };

/** The relay, the socket or the network failed: the SDK says so only in words. */
const UNREACHABLE = /relay|socket|internet|network|fetch|connection|publish|stalled|timed? ?out/i;

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}

/** Why a pairing failed, in spec §8's terms: the user's no is neutral, an unreachable relay says what to do. */
export function pairingFailure(error: unknown): Extract<PairingOutcome, { kind: 'rejected' | 'failed' }> {
  const text = errorText(error);
  // The SDK rethrows the wallet's refusal as a plain Error("User rejected."), its code dropped.
  if (/reject/i.test(text) || classifyWalletError(error).outcome === 'cancelled') {
    return { kind: 'rejected', message: 'antelope.evm.error_connect_rejected' };
  }
  if (/expired/i.test(text)) return { kind: 'failed', message: 'antelope.evm.error_connection_expired', error };
  if (UNREACHABLE.test(text)) return { kind: 'failed', message: 'antelope.evm.error_connection_service', error };
  return { kind: 'failed', message: 'antelope.evm.error_login', error };
}

class PairingLinkTimeout extends Error {
  constructor(seconds: number) {
    super(`The relay gave no pairing link within ${seconds} s (connection timed out)`);
    this.name = 'PairingLinkTimeout';
  }
}

/** Resolves when the wallet approves; 'cancelled' when `signal` aborts first; rejects when no link comes in time. */
function awaitApproval(connecting: Promise<void>, signal: AbortSignal, linkShown: () => boolean, linkTimeoutMs: number): Promise<'approved' | 'cancelled'> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      resolve('cancelled');
    };
    const timer = setTimeout(() => {
      if (!linkShown()) reject(new PairingLinkTimeout(Math.round(linkTimeoutMs / 1000)));
    }, linkTimeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    connecting
      .then(() => {
        resolve('approved');
      }, reject)
      .finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      });
  });
}

/**
 * Pairs a wallet app with this page: starts the protocol's provider, hands the
 * pairing link (`wc:…`) to `onUri` for the QR code, and waits for the wallet to
 * approve. Aborting `signal` (the dialog closed) cancels: the link is abandoned,
 * and a wallet that approves anyway has its session ended at once.
 */
export async function pairWalletConnect(
  settings: WalletConnectSettings,
  { onUri, signal, linkTimeoutMs = PAIRING_LINK_TIMEOUT_MS }: { onUri: (uri: string) => void; signal: AbortSignal; linkTimeoutMs?: number },
): Promise<PairingOutcome> {
  const options = walletConnectOptions(settings);
  if (options === null) {
    return { kind: 'failed', message: 'antelope.chain.error_settings_not_found', values: { network: settings.network.displayName } };
  }
  let port: WalletConnectPort;
  try {
    port = await portFor(options);
  } catch (error) {
    return pairingFailure(error);
  }
  if (signal.aborted) return { kind: 'cancelled' };
  // The user asked to pair: a session left over from before (not ended at logout) gives way to a new one.
  if (port.hasSession()) await port.disconnect().catch(() => undefined);

  let linkShown = false;
  const onDisplayUri: Listener = (uri) => {
    if (typeof uri !== 'string' || signal.aborted) return;
    linkShown = true;
    onUri(uri);
  };
  port.on('display_uri', onDisplayUri);
  const connecting = port.connect();
  try {
    const result = await awaitApproval(connecting, signal, () => linkShown, linkTimeoutMs);
    if (result === 'approved') return { kind: 'paired', choice: choiceFor(port) };
    abandon(port, connecting);
    return { kind: 'cancelled' };
  } catch (error) {
    abandon(port, connecting);
    return pairingFailure(error);
  } finally {
    port.off('display_uri', onDisplayUri);
  }
}

/** Nobody waits for this pairing any more: stop listening, and end a session the wallet still approves. */
function abandon(port: WalletConnectPort, connecting: Promise<void>): void {
  port.abandonPairing().catch(() => undefined);
  connecting.then(
    () => port.disconnect().catch(() => undefined),
    () => undefined,
  );
}

/**
 * Auto-login's way back (spec §4): the session the SDK stored after an earlier
 * pairing, without a QR code. Null when there is none (it expired, or the wallet
 * ended it); throws when the provider cannot start.
 */
export async function restoreWalletConnect(settings: WalletConnectSettings): Promise<EvmWalletChoice | null> {
  const options = walletConnectOptions(settings);
  if (options === null) return null;
  const port = await portFor(options);
  return port.hasSession() ? choiceFor(port) : null;
}
