import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkSummary } from '../networks/api/networks';
import { clearSession, readStoredAccount } from '../session/storedAccount';
import { readStoredSession, writeStoredSession } from '../session/storedSession';
import { memoryStorage, type StorageLike } from '../storage';
import {
  accountsChangedAction,
  connectEvmWallet,
  createConnectionStore,
  disconnectEvmWallet,
  disconnectUnlessStored,
  type EvmWalletChoice,
} from './connection';
import type { EventfulProvider } from './provider';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const TESTNET: NetworkSummary = {
  name: 'telos-evm-testnet',
  displayName: 'Telos EVM Testnet',
  kind: 'evm',
  chainId: 41,
  isTestnet: true,
  isDevnet: false,
  rpcUrl: 'https://rpc.testnet.telos.net/evm',
  explorerUrl: 'https://testnet.teloscan.io',
  ecosystemUrl: null,
  bridgeUrl: null,
  systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18 },
  wrappedToken: null,
  logo: '/logos/telos.svg',
  linkedNetwork: null,
};

const ORIGIN = 'https://wallet.example.org';

type Handler = (params: readonly unknown[] | undefined) => unknown;
type Listener = (...args: unknown[]) => void;

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

/** An injected EIP-1193 wallet: each method answers from its handler (a list answers call by call); events can be emitted. */
function fakeWallet(handlers: Record<string, Handler | Handler[]>) {
  const calls: { method: string; params: readonly unknown[] | undefined }[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const seen = new Map<string, number>();
  const provider: EventfulProvider = {
    request({ method, params }) {
      calls.push({ method, params });
      const entry = handlers[method];
      const index = seen.get(method) ?? 0;
      seen.set(method, index + 1);
      const handler = Array.isArray(entry) ? entry[Math.min(index, entry.length - 1)] : entry;
      if (!handler) return Promise.reject(rpcError(4200, `unexpected ${method}`));
      try {
        return Promise.resolve(handler(params));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  const listenerCount = (event: string) => listeners.get(event)?.size ?? 0;
  return { provider, calls, methods: () => calls.map((call) => call.method), emit, listenerCount };
}

const choice = (provider: EventfulProvider, id = 'io.metamask'): EvmWalletChoice => ({ id, name: 'MetaMask', provider });
const answer = (value: unknown) => () => value;
const fail = (code: number, message = 'failed') => () => {
  throw rpcError(code, message);
};

let storage: StorageLike;
let accountEvents: number;

beforeEach(() => {
  // The connection stores the session in localStorage and tells the tab: a small window stands in for the browser's.
  storage = memoryStorage({ 'tandem.theme': 'dark' });
  accountEvents = 0;
  const target = new EventTarget();
  target.addEventListener('tandem:account-changed', () => {
    accountEvents += 1;
  });
  vi.stubGlobal('window', Object.assign(target, { localStorage: storage }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('accountsChangedAction', () => {
  it('logs out on an empty or unreadable list', () => {
    expect(accountsChangedAction([], ALICE)).toEqual({ kind: 'logout' });
    expect(accountsChangedAction(undefined, ALICE)).toEqual({ kind: 'logout' });
    expect(accountsChangedAction(['not an address'], ALICE)).toEqual({ kind: 'logout' });
  });

  it('does nothing when the first account is still the connected one, whatever its case', () => {
    expect(accountsChangedAction([ALICE.toLowerCase(), BOB], ALICE)).toEqual({ kind: 'none' });
  });

  it('switches to the first account when it is another', () => {
    expect(accountsChangedAction([BOB.toLowerCase(), ALICE], ALICE)).toEqual({ kind: 'switch', address: BOB.toLowerCase() });
  });
});

describe('connectEvmWallet', () => {
  it('uses the accounts the wallet shares, switches it and stores the session', async () => {
    const wallet = fakeWallet({ eth_accounts: answer([ALICE.toLowerCase()]), wallet_switchEthereumChain: answer(null) });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store, origin: ORIGIN });

    expect(outcome).toMatchObject({ kind: 'connected', switched: { kind: 'switched' } });
    expect(wallet.methods()).toEqual(['eth_accounts', 'wallet_switchEthereumChain']);
    expect(wallet.calls[1]?.params).toEqual([{ chainId: '0x29' }]);
    const connection = store.get();
    expect(connection).toEqual({
      walletId: 'io.metamask',
      walletName: 'MetaMask',
      address: ALICE,
      network: 'telos-evm-testnet',
      walletChainId: 41,
      provider: wallet.provider,
    });
    expect(readStoredSession(storage, 'evm')).toEqual({
      account: ALICE,
      network: 'telos-evm-testnet',
      rawAddress: ALICE.toLowerCase(),
      isNative: false,
      authenticator: 'io.metamask',
    });
    expect(accountEvents).toBe(1);
  });

  it('requests the accounts when the wallet reports none', async () => {
    const wallet = fakeWallet({ eth_accounts: answer([]), eth_requestAccounts: answer([ALICE]), wallet_switchEthereumChain: answer(null) });
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store: createConnectionStore(), origin: ORIGIN });
    expect(outcome.kind).toBe('connected');
    expect(wallet.methods()).toEqual(['eth_accounts', 'eth_requestAccounts', 'wallet_switchEthereumChain']);
  });

  it('never opens a wallet popup at auto-login', async () => {
    const wallet = fakeWallet({ eth_accounts: answer([]), eth_requestAccounts: answer([ALICE]) });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { prompt: false, store, origin: ORIGIN });
    expect(outcome).toEqual({ kind: 'failed', message: 'antelope.evm.error_no_account' });
    expect(wallet.methods()).toEqual(['eth_accounts']);
    expect(store.get()).toBeNull();
  });

  it('answers the neutral rejection when the user refuses to connect (4001)', async () => {
    const wallet = fakeWallet({ eth_accounts: answer([]), eth_requestAccounts: fail(4001, 'User rejected the request.') });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store, origin: ORIGIN });
    expect(outcome).toEqual({ kind: 'rejected', message: 'antelope.evm.error_connect_rejected' });
    expect(store.get()).toBeNull();
    expect(readStoredSession(storage, 'evm').account).toBeNull();
  });

  it('reports any other account failure as a login failure with the error', async () => {
    const wallet = fakeWallet({ eth_accounts: fail(-32002, 'Request already pending') });
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store: createConnectionStore(), origin: ORIGIN });
    expect(outcome).toMatchObject({ kind: 'failed', message: 'antelope.evm.error_login' });
  });

  it('adds the chain when the wallet does not know it (4902)', async () => {
    const wallet = fakeWallet({
      eth_accounts: answer([ALICE]),
      wallet_switchEthereumChain: fail(4902, 'Unrecognized chain ID "0x29"'),
      wallet_addEthereumChain: answer(null),
      eth_chainId: answer('0x29'),
    });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store, origin: ORIGIN });
    expect(outcome).toMatchObject({ kind: 'connected', switched: { kind: 'added' } });
    expect(wallet.methods()).toEqual(['eth_accounts', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
    expect(wallet.calls[2]?.params).toEqual([
      {
        chainId: '0x29',
        chainName: 'Telos EVM Testnet',
        nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
        rpcUrls: ['https://rpc.testnet.telos.net/evm'],
        blockExplorerUrls: ['https://testnet.teloscan.io'],
        iconUrls: ['https://wallet.example.org/logos/telos.svg'],
      },
    ]);
    expect(store.get()?.address).toBe(ALICE);
  });

  it('stays logged out when the user rejects the network switch (4001)', async () => {
    const wallet = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: fail(4001, 'User rejected the request.') });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store, origin: ORIGIN });
    expect(outcome).toEqual({ kind: 'rejected', message: 'antelope.evm.error_switch_chain_rejected', values: { network: 'Telos EVM Testnet' } });
    expect(store.get()).toBeNull();
    expect(readStoredSession(storage, 'evm').account).toBeNull();
  });

  it('stays logged out when adding the chain is rejected or fails', async () => {
    const rejected = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: fail(4902), wallet_addEthereumChain: fail(4001) });
    expect(await connectEvmWallet(choice(rejected.provider), TESTNET, { store: createConnectionStore(), origin: ORIGIN })).toEqual({
      kind: 'rejected',
      message: 'antelope.evm.error_add_chain_rejected',
      values: { network: 'Telos EVM Testnet' },
    });
    const broken = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: fail(4902), wallet_addEthereumChain: fail(-32000, 'boom') });
    expect(await connectEvmWallet(choice(broken.provider), TESTNET, { store: createConnectionStore(), origin: ORIGIN })).toMatchObject({
      kind: 'failed',
      message: 'antelope.evm.error_add_chain',
      values: { network: 'Telos EVM Testnet' },
    });
    expect(readStoredSession(storage, 'evm').account).toBeNull();
  });

  it('refuses a network whose settings cannot be given to a wallet, before asking it anything', async () => {
    const wallet = fakeWallet({});
    const outcome = await connectEvmWallet(choice(wallet.provider), { ...TESTNET, rpcUrl: null }, { store: createConnectionStore(), origin: ORIGIN });
    expect(outcome).toEqual({ kind: 'failed', message: 'antelope.chain.error_settings_not_found', values: { network: 'Telos EVM Testnet' } });
    expect(wallet.calls).toEqual([]);
  });
});

describe('wallet account changes after login', () => {
  async function connected() {
    const wallet = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: answer(null) });
    const store = createConnectionStore();
    const outcome = await connectEvmWallet(choice(wallet.provider), TESTNET, { store, origin: ORIGIN });
    if (outcome.kind !== 'connected') throw new Error('the fake wallet did not connect');
    return { wallet, store };
  }

  it('logs in again with the new account and stores it', async () => {
    const { wallet, store } = await connected();
    let notified = 0;
    store.subscribe(() => {
      notified += 1;
    });
    wallet.emit('accountsChanged', [BOB.toLowerCase()]);
    expect(store.get()?.address).toBe(BOB);
    expect(store.get()?.walletId).toBe('io.metamask');
    expect(readStoredSession(storage, 'evm')).toMatchObject({ account: BOB, rawAddress: BOB.toLowerCase(), network: 'telos-evm-testnet', authenticator: 'io.metamask' });
    expect(notified).toBe(1);
    expect(accountEvents).toBe(2);
  });

  it('ignores an event that names the same account', async () => {
    const { wallet, store } = await connected();
    const before = store.get();
    wallet.emit('accountsChanged', [ALICE.toLowerCase()]);
    expect(store.get()).toBe(before);
    expect(accountEvents).toBe(1);
  });

  it('logs out on an empty list: connection, stored session and the listener go, preferences stay', async () => {
    const { wallet, store } = await connected();
    wallet.emit('accountsChanged', []);
    expect(store.get()).toBeNull();
    expect(readStoredSession(storage, 'evm')).toEqual({ account: null, network: null, rawAddress: null, isNative: null, authenticator: null });
    expect(storage.getItem('tandem.theme')).toBe('dark');
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
  });

  it('records the chain the wallet moves to on its own, so signing can be blocked until it is back', async () => {
    const { wallet, store } = await connected();
    expect(store.get()?.walletChainId).toBe(41);
    wallet.emit('chainChanged', '0x1');
    expect(store.get()?.walletChainId).toBe(1);
    expect(store.get()?.network).toBe('telos-evm-testnet');
    wallet.emit('chainChanged', 'not a chain');
    expect(store.get()?.walletChainId).toBeNull();
    wallet.emit('chainChanged', 41);
    expect(store.get()?.walletChainId).toBe(41);
    disconnectEvmWallet(store);
    expect(wallet.listenerCount('chainChanged')).toBe(0);
  });

  it('stops listening to the old wallet when another one connects or on disconnect', async () => {
    const { wallet, store } = await connected();
    expect(wallet.listenerCount('accountsChanged')).toBe(1);
    const other = fakeWallet({ eth_accounts: answer([BOB]), wallet_switchEthereumChain: answer(null) });
    await connectEvmWallet(choice(other.provider, 'com.brave.wallet'), TESTNET, { store, origin: ORIGIN });
    expect(wallet.listenerCount('accountsChanged')).toBe(0);
    wallet.emit('accountsChanged', []);
    expect(store.get()?.address).toBe(BOB);
    disconnectEvmWallet(store);
    expect(other.listenerCount('accountsChanged')).toBe(0);
    expect(store.get()).toBeNull();
  });

  it('ends the wallet’s own session on disconnect, and a failure to do so still logs out', async () => {
    const { provider } = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: answer(null) });
    const store = createConnectionStore();
    const end = vi.fn(() => Promise.reject(new Error('relay unreachable')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await connectEvmWallet({ id: 'walletconnect', name: 'Phone', provider, end }, TESTNET, { store, origin: ORIGIN });
    expect(store.get()?.end).toBe(end);
    disconnectEvmWallet(store);
    expect(end).toHaveBeenCalledTimes(1);
    expect(store.get()).toBeNull();
    await vi.waitFor(() => {
      expect(warn).toHaveBeenCalledTimes(1);
    });
    warn.mockRestore();
  });

  it('works with a wallet that has no events', async () => {
    const { provider } = fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: answer(null) });
    const bare: EventfulProvider = { request: (args) => provider.request(args) };
    const store = createConnectionStore();
    expect((await connectEvmWallet(choice(bare), TESTNET, { store, origin: ORIGIN })).kind).toBe('connected');
    disconnectEvmWallet(store);
    expect(store.get()).toBeNull();
  });
});

describe('the connection follows the stored account', () => {
  const aliceWallet = () => fakeWallet({ eth_accounts: answer([ALICE]), wallet_switchEthereumChain: answer(null) });

  it('keeps a login that finished after the caller last looked at the stored account', async () => {
    // A render reads no account; the user's login lands before that render's effect runs
    // (spec §4 "EVM login" from home while the page is still loading its wallet part).
    const seenByRender = readStoredAccount('evm');
    const store = createConnectionStore();
    await connectEvmWallet(choice(aliceWallet().provider), TESTNET, { store, origin: ORIGIN });
    expect(seenByRender).toBeNull();
    disconnectUnlessStored(store);
    expect(store.get()?.address).toBe(ALICE);
  });

  it('keeps the connection whatever the case of the stored address', async () => {
    const store = createConnectionStore();
    await connectEvmWallet(choice(aliceWallet().provider), TESTNET, { store, origin: ORIGIN });
    storage.setItem('account', ALICE.toLowerCase());
    disconnectUnlessStored(store);
    expect(store.get()?.address).toBe(ALICE);
  });

  it('disconnects, ending the wallet’s own session, once another account is stored (another tab)', async () => {
    const store = createConnectionStore();
    const end = vi.fn(() => Promise.resolve());
    await connectEvmWallet({ ...choice(aliceWallet().provider), end }, TESTNET, { store, origin: ORIGIN });
    writeStoredSession(storage, 'evm', { account: BOB, network: 'telos-evm-testnet', authenticator: 'io.metamask' });
    disconnectUnlessStored(store);
    expect(store.get()).toBeNull();
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('disconnects after a logout, and does nothing without a connection', async () => {
    const store = createConnectionStore();
    disconnectUnlessStored(store);
    expect(store.get()).toBeNull();
    await connectEvmWallet(choice(aliceWallet().provider), TESTNET, { store, origin: ORIGIN });
    clearSession('evm');
    disconnectUnlessStored(store);
    expect(store.get()).toBeNull();
  });
});
