import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkSummary } from '../networks/api/networks';
import { NETWORK_CHANGED_EVENT } from '../networks/model/storedNetwork';
import { createNotifier } from '../notify/notify';
import { createToastStore } from '../notify/toastStore';
import { memoryStorage, type StorageLike } from '../storage';
import { changeEvmNetwork } from './changeNetwork';
import { createConnectionStore, type EvmConnection } from './connection';
import type { EventfulProvider } from './provider';

const network = (name: string, displayName: string, chainId: number): NetworkSummary => ({
  name,
  displayName,
  kind: 'evm',
  chainId,
  isTestnet: chainId === 41,
  isDevnet: false,
  rpcUrl: `https://${name}.example.org/evm`,
  explorerUrl: null,
  ecosystemUrl: null,
  bridgeUrl: null,
  systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18 },
  wrappedToken: null,
  logo: null,
  linkedNetwork: null,
});

const MAINNET = network('telos-evm', 'Telos EVM Mainnet', 40);
const TESTNET = network('telos-evm-testnet', 'Telos EVM Testnet', 41);

let storage: StorageLike;
let events: string[];

beforeEach(() => {
  storage = memoryStorage({ network: 'telos-evm' });
  events = [];
  const target = new EventTarget();
  target.addEventListener(NETWORK_CHANGED_EVENT, (event) => {
    events.push((event as CustomEvent<{ network: string }>).detail.network);
  });
  vi.stubGlobal('window', Object.assign(target, { localStorage: storage }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function connected(answer: (method: string) => unknown) {
  const methods: string[] = [];
  const provider: EventfulProvider = {
    request: ({ method }) => {
      methods.push(method);
      try {
        return Promise.resolve(answer(method));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  const store = createConnectionStore();
  const connection: EvmConnection = { walletId: 'io.metamask', walletName: 'MetaMask', address: '0x0', network: 'telos-evm', walletChainId: 40, provider };
  store.attach(connection, () => undefined);
  return { store, methods };
}

describe('changeEvmNetwork', () => {
  it('switches the wallet, then stores the network, emits the event, updates the connection and confirms', async () => {
    const { store, methods } = connected(() => null);
    const toasts = createToastStore();
    const outcome = await changeEvmNetwork(TESTNET, { notify: createNotifier(toasts), store, origin: 'https://wallet.example.org' });
    expect(outcome).toEqual({ kind: 'switched' });
    expect(methods).toEqual(['wallet_switchEthereumChain']);
    expect(storage.getItem('network')).toBe('telos-evm-testnet');
    expect(events).toEqual(['telos-evm-testnet']);
    expect(store.get()).toMatchObject({ network: 'telos-evm-testnet', walletChainId: 41 });
    expect(toasts.getSnapshot().main).toMatchObject([{ kind: 'success', message: { key: 'network.switched', values: { network: 'Telos EVM Testnet' } } }]);
  });

  it('keeps the network when the wallet refuses (4001), with a neutral message and no event', async () => {
    const { store } = connected(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    });
    const toasts = createToastStore();
    const outcome = await changeEvmNetwork(TESTNET, { notify: createNotifier(toasts), store, origin: 'https://wallet.example.org' });
    expect(outcome).toMatchObject({ kind: 'rejected' });
    expect(storage.getItem('network')).toBe('telos-evm');
    expect(events).toEqual([]);
    expect(store.get()).toMatchObject({ network: 'telos-evm', walletChainId: 40 });
    expect(toasts.getSnapshot().main).toEqual([]);
    expect(toasts.getSnapshot().neutral).toMatchObject([{ message: { key: 'antelope.evm.error_switch_chain_rejected' } }]);
  });

  it('switches a read-only session at once: there is no wallet to ask', async () => {
    const toasts = createToastStore();
    await changeEvmNetwork(MAINNET, { notify: createNotifier(toasts), store: createConnectionStore(), origin: 'https://wallet.example.org' });
    expect(events).toEqual(['telos-evm']);
    expect(toasts.getSnapshot().main).toMatchObject([{ kind: 'success', message: { key: 'network.switched' } }]);
  });
});
