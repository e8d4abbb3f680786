import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkSummary } from '../networks/api/networks';
import { readStoredSession } from '../session/storedSession';
import { memoryStorage, type StorageLike } from '../storage';
import { connectEvmWallet, createConnectionStore, disconnectEvmWallet } from './connection';
import { WALLET_CONNECT_ID } from './connectionProtocol';
import { pairingFailure, pairWalletConnect, restoreWalletConnect, walletConnectOptions, type PairingOutcome } from './walletConnect';

/**
 * The protocol's SDK is replaced by a fake EthereumProvider: the relay cannot be
 * reached from a test, and what matters here is what this app does with the SDK.
 */
const sdk = vi.hoisted(() => {
  type Listener = (value: unknown) => void;

  class FakeEthereumProvider {
    static instances: FakeEthereumProvider[] = [];
    static initError: Error | null = null;
    /** A session the SDK restored from its storage at init (an earlier pairing). */
    static storedSession: object | undefined = undefined;

    readonly options: unknown;
    session: object | undefined;
    readonly listeners = new Map<string, Set<Listener>>();
    readonly requests: { method: string; params?: unknown }[] = [];
    readonly answers: Record<string, unknown> = {};
    connectCalls = 0;
    disconnectCalls = 0;
    pairingsCleaned = 0;
    /** What connect() does after it shows the link: settled by the test through approve() / refuse(). */
    private pending: { resolve: () => void; reject: (error: Error) => void } | null = null;
    readonly signer = {
      cleanupPendingPairings: (): Promise<void> => {
        this.pairingsCleaned += 1;
        return Promise.resolve();
      },
    };

    constructor(options: unknown) {
      this.options = options;
      this.session = FakeEthereumProvider.storedSession;
    }

    static init(options: unknown): Promise<FakeEthereumProvider> {
      if (FakeEthereumProvider.initError !== null) return Promise.reject(FakeEthereumProvider.initError);
      const provider = new FakeEthereumProvider(options);
      FakeEthereumProvider.instances.push(provider);
      return Promise.resolve(provider);
    }

    on(event: string, listener: Listener) {
      const set = this.listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      this.listeners.set(event, set);
      return this;
    }

    removeListener(event: string, listener: Listener) {
      this.listeners.get(event)?.delete(listener);
      return this;
    }

    emit(event: string, value: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener(value);
    }

    count(event: string): number {
      return this.listeners.get(event)?.size ?? 0;
    }

    connect(): Promise<void> {
      this.connectCalls += 1;
      return new Promise((resolve, reject) => {
        this.pending = { resolve, reject };
        queueMicrotask(() => {
          this.emit('display_uri', `wc:pairing${String(this.connectCalls)}@2?relay-protocol=irn&symKey=abc`);
        });
      });
    }

    approve(session: object = { topic: 'session' }) {
      this.session = session;
      this.pending?.resolve();
    }

    refuse(error: Error) {
      this.pending?.reject(error);
    }

    disconnect(): Promise<void> {
      this.disconnectCalls += 1;
      this.session = undefined;
      return Promise.resolve();
    }

    request(args: { method: string; params?: unknown }): Promise<unknown> {
      this.requests.push(args);
      return Promise.resolve(this.answers[args.method] ?? null);
    }
  }

  return { FakeEthereumProvider };
});

vi.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: sdk.FakeEthereumProvider }));

const { FakeEthereumProvider } = sdk;

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ORIGIN = 'https://wallet.example.org';

const TELOS_EVM: NetworkSummary = {
  name: 'telos-evm',
  displayName: 'Telos EVM',
  kind: 'evm',
  chainId: 40,
  isTestnet: false,
  isDevnet: false,
  rpcUrl: 'https://rpc.telos.net/evm',
  explorerUrl: 'https://teloscan.io',
  ecosystemUrl: null,
  bridgeUrl: null,
  systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18 },
  wrappedToken: null,
  logo: '/logos/telos.svg',
  linkedNetwork: null,
};

let projectCounter = 0;
/** Each test its own project id: the module keeps one provider per project and chain for the page's life. */
function settings(network: NetworkSummary = TELOS_EVM) {
  projectCounter += 1;
  return { projectId: `project${String(projectCounter)}`, network, origin: ORIGIN };
}

function lastProvider() {
  const provider = FakeEthereumProvider.instances.at(-1);
  if (provider === undefined) throw new Error('no provider was started');
  return provider;
}

/** Starts a pairing and waits until the link is shown. */
async function startPairing(options: { signal?: AbortSignal } = {}) {
  const uris: string[] = [];
  const controller = new AbortController();
  const signal = options.signal ?? controller.signal;
  const outcome = pairWalletConnect(settings(), { signal, onUri: (uri) => uris.push(uri) });
  await vi.waitFor(() => {
    expect(uris).toHaveLength(1);
  });
  return { outcome, uris, controller, provider: lastProvider() };
}

function pairedChoice(outcome: PairingOutcome) {
  if (outcome.kind !== 'paired') throw new Error(`expected a pairing, got ${outcome.kind}`);
  return outcome.choice;
}

let storage: StorageLike;

beforeEach(() => {
  FakeEthereumProvider.instances = [];
  FakeEthereumProvider.initError = null;
  FakeEthereumProvider.storedSession = undefined;
  // connection.ts stores the session in localStorage and tells the tab: a small window stands in for the browser's.
  storage = memoryStorage();
  vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: storage, location: { origin: ORIGIN } }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('walletConnectOptions', () => {
  it('asks for the network’s chain only, reads through its own RPC, shows no SDK modal and names the app', () => {
    expect(walletConnectOptions({ projectId: 'p', network: TELOS_EVM, origin: ORIGIN })).toEqual({
      projectId: 'p',
      chains: [40],
      rpcMap: { '40': 'https://rpc.telos.net/evm' },
      showQrModal: false,
      metadata: {
        name: 'Tandem',
        description: 'A self-hostable web wallet for Telos and Telos EVM',
        url: ORIGIN,
        icons: ['https://wallet.example.org/favicon.svg'],
      },
    });
  });

  it('has nothing for a network without a numeric chain id or an RPC', () => {
    expect(walletConnectOptions({ projectId: 'p', network: { ...TELOS_EVM, rpcUrl: null }, origin: ORIGIN })).toBeNull();
    expect(walletConnectOptions({ projectId: 'p', network: { ...TELOS_EVM, kind: 'native', chainId: 'ab'.repeat(32) }, origin: ORIGIN })).toBeNull();
  });
});

describe('pairWalletConnect', () => {
  it('starts the SDK with those options, shows its link, and hands over a wallet once the app approves', async () => {
    const { outcome, uris, provider } = await startPairing();
    expect(provider.options).toMatchObject({ chains: [40], showQrModal: false, rpcMap: { '40': 'https://rpc.telos.net/evm' } });
    expect(uris[0]).toMatch(/^wc:/);
    provider.approve();
    const choice = pairedChoice(await outcome);
    expect(choice.id).toBe(WALLET_CONNECT_ID);
    // The link is only for this pairing: nobody listens for it afterwards.
    expect(provider.count('display_uri')).toBe(0);
  });

  it('logs in through connection.ts with the paired wallet, and Disconnect ends the protocol session', async () => {
    const { outcome, provider } = await startPairing();
    provider.answers.eth_accounts = [ALICE.toLowerCase()];
    provider.approve();
    const choice = pairedChoice(await outcome);
    const store = createConnectionStore();
    const connected = await connectEvmWallet(choice, TELOS_EVM, { store, origin: ORIGIN });
    expect(connected.kind).toBe('connected');
    expect(provider.requests.map((request) => request.method)).toEqual(['eth_accounts', 'wallet_switchEthereumChain']);
    expect(provider.requests[1]?.params).toEqual([{ chainId: '0x28' }]);
    expect(readStoredSession(storage, 'evm')).toMatchObject({ account: ALICE, authenticator: WALLET_CONNECT_ID, network: 'telos-evm' });
    disconnectEvmWallet(store);
    expect(provider.disconnectCalls).toBe(1);
  });

  it('logs out when the wallet app ends the session', async () => {
    const { outcome, provider } = await startPairing();
    provider.answers.eth_accounts = [ALICE];
    provider.approve();
    const store = createConnectionStore();
    await connectEvmWallet(pairedChoice(await outcome), TELOS_EVM, { store, origin: ORIGIN });
    expect(provider.count('accountsChanged')).toBe(1);
    expect(provider.count('session_delete')).toBe(1);
    provider.emit('session_delete', { topic: 'session' });
    expect(store.get()).toBeNull();
    expect(readStoredSession(storage, 'evm').account).toBeNull();
    // The connection stopped listening, to both events.
    expect(provider.count('accountsChanged')).toBe(0);
    expect(provider.count('session_delete')).toBe(0);
  });

  it('says so neutrally when the user rejects the connection in the wallet app', async () => {
    const { outcome, provider } = await startPairing();
    provider.refuse(new Error('User rejected.'));
    expect(await outcome).toEqual({ kind: 'rejected', message: 'antelope.evm.error_connect_rejected' });
  });

  it('cancels when the dialog closes: the link is abandoned and a late approval is ended at once', async () => {
    const { outcome, uris, controller, provider } = await startPairing();
    controller.abort();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(provider.pairingsCleaned).toBe(1);
    provider.approve();
    await vi.waitFor(() => {
      expect(provider.disconnectCalls).toBe(1);
    });
    expect(uris).toHaveLength(1);
  });

  it('does not start at all when cancelled before the SDK is ready', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await pairWalletConnect(settings(), { signal: controller.signal, onUri: () => undefined });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(lastProvider().connectCalls).toBe(0);
  });

  it('reports an unreachable relay in the spec’s words, and tries again from scratch next time', async () => {
    FakeEthereumProvider.initError = new Error("Couldn't establish socket connection to the relay server: wss://relay.walletconnect.org");
    const first = settings();
    const outcome = await pairWalletConnect(first, { signal: new AbortController().signal, onUri: () => undefined });
    expect(outcome).toMatchObject({ kind: 'failed', message: 'antelope.evm.error_connection_service' });
    FakeEthereumProvider.initError = null;
    const uris: string[] = [];
    const again = pairWalletConnect(first, { signal: new AbortController().signal, onUri: (uri) => uris.push(uri) });
    await vi.waitFor(() => {
      expect(uris).toHaveLength(1);
    });
    lastProvider().approve();
    expect((await again).kind).toBe('paired');
  });

  it('counts a relay that hands out no link in time as unreachable', async () => {
    vi.useFakeTimers();
    const connect = vi.spyOn(FakeEthereumProvider.prototype, 'connect').mockImplementation(() => new Promise<void>(() => undefined));
    const outcome = pairWalletConnect(settings(), { signal: new AbortController().signal, onUri: () => undefined, linkTimeoutMs: 20_000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await outcome).toMatchObject({ kind: 'failed', message: 'antelope.evm.error_connection_service' });
    expect(lastProvider().pairingsCleaned).toBe(1);
    connect.mockRestore();
  });

  it('lets the user take their time once the link is shown', async () => {
    vi.useFakeTimers();
    const { outcome, provider } = await startPairing();
    await vi.advanceTimersByTimeAsync(120_000);
    provider.approve();
    expect((await outcome).kind).toBe('paired');
  });

  it('replaces a session left over from an earlier pairing with a new one', async () => {
    FakeEthereumProvider.storedSession = { topic: 'old' };
    const { outcome, provider } = await startPairing();
    expect(provider.disconnectCalls).toBe(1);
    expect(provider.connectCalls).toBe(1);
    provider.approve();
    expect((await outcome).kind).toBe('paired');
  });

  it('refuses a network the protocol cannot reach', async () => {
    const outcome = await pairWalletConnect(
      { ...settings(), network: { ...TELOS_EVM, rpcUrl: null } },
      { signal: new AbortController().signal, onUri: () => undefined },
    );
    expect(outcome).toEqual({ kind: 'failed', message: 'antelope.chain.error_settings_not_found', values: { network: 'Telos EVM' } });
    expect(FakeEthereumProvider.instances).toHaveLength(0);
  });
});

describe('pairingFailure', () => {
  it('maps what the SDK and wallets say to the spec’s messages', () => {
    const cases: [unknown, string, string][] = [
      [new Error('User rejected.'), 'rejected', 'antelope.evm.error_connect_rejected'],
      [{ code: 4001, message: 'Request denied' }, 'rejected', 'antelope.evm.error_connect_rejected'],
      [new Error('Proposal expired'), 'failed', 'antelope.evm.error_connection_expired'],
      [new Error('WebSocket connection failed for host: wss://relay.walletconnect.org'), 'failed', 'antelope.evm.error_connection_service'],
      [new Error('Failed to publish payload, please try again. id:1 tag:1100'), 'failed', 'antelope.evm.error_connection_service'],
      [new Error('No internet connection detected. Please restart your network and try again.'), 'failed', 'antelope.evm.error_connection_service'],
      [new Error('Unsupported chains'), 'failed', 'antelope.evm.error_login'],
    ];
    for (const [error, kind, message] of cases) {
      expect(pairingFailure(error)).toMatchObject({ kind, message });
    }
  });
});

describe('restoreWalletConnect', () => {
  it('gives back the stored session’s wallet without a new pairing', async () => {
    FakeEthereumProvider.storedSession = { topic: 'stored' };
    const choice = await restoreWalletConnect(settings());
    expect(choice?.id).toBe(WALLET_CONNECT_ID);
    const provider = lastProvider();
    expect(provider.connectCalls).toBe(0);
    provider.answers.eth_accounts = [ALICE];
    const store = createConnectionStore();
    if (choice === null) throw new Error('expected the stored session');
    const outcome = await connectEvmWallet(choice, TELOS_EVM, { prompt: false, store, origin: ORIGIN });
    expect(outcome.kind).toBe('connected');
    expect(provider.requests.map((request) => request.method)).not.toContain('eth_requestAccounts');
  });

  it('has nothing to restore when the SDK stored no session', async () => {
    expect(await restoreWalletConnect(settings())).toBeNull();
    expect(lastProvider().connectCalls).toBe(0);
  });
});
