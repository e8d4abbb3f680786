import { describe, expect, it } from 'vitest';
import { createNotifier } from '../notify/notify';
import { createToastStore } from '../notify/toastStore';
import { reportSwitchOutcome, walletReason, switchNetwork, toHexChainId, type AddEthereumChainParameter, type Eip1193Provider } from './switchNetwork';

const TESTNET: AddEthereumChainParameter = {
  chainId: '0x29',
  chainName: 'Telos EVM Testnet',
  nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
  rpcUrls: ['https://rpc.testnet.telos.net'],
  blockExplorerUrls: ['https://testnet.teloscan.io'],
};

type Handler = (params: readonly unknown[] | undefined) => unknown;

/** A wallet that answers each method with its handler (throwing = rejecting) and records the calls. */
function fakeWallet(handlers: Record<string, Handler | Handler[]>) {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const provider: Eip1193Provider = {
    request({ method, params }) {
      calls.push(method);
      const entry = handlers[method];
      const index = seen.get(method) ?? 0;
      seen.set(method, index + 1);
      const handler = Array.isArray(entry) ? entry[Math.min(index, entry.length - 1)] : entry;
      if (!handler) return Promise.reject(Object.assign(new Error(`unexpected ${method}`), { code: 4200 }));
      try {
        return Promise.resolve(handler(params));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return { provider, calls };
}

const rpcError = (code: number, message: string, data?: unknown) => Object.assign(new Error(message), { code, data });
const ok = () => null;
const fail = (code: number, message = 'failed', data?: unknown) => () => {
  throw rpcError(code, message, data);
};

describe('switchNetwork', () => {
  it('switches a wallet that knows the chain', async () => {
    let asked: unknown;
    const { provider, calls } = fakeWallet({
      wallet_switchEthereumChain: (params) => {
        asked = params;
        return null;
      },
    });
    expect(await switchNetwork(provider, TESTNET)).toEqual({ kind: 'switched' });
    expect(calls).toEqual(['wallet_switchEthereumChain']);
    expect(asked).toEqual([{ chainId: '0x29' }]);
  });

  it.each([
    ['4902', fail(4902, 'Unrecognized chain ID "0x29"')],
    ['-32603', fail(-32603, 'Internal JSON-RPC error.')],
    ['-32603 wrapping 4902', fail(-32603, 'Internal JSON-RPC error.', { originalError: { code: 4902 } })],
  ])('adds the chain when the switch fails with %s', async (_name, switchFails) => {
    let added: unknown;
    const { provider, calls } = fakeWallet({
      wallet_switchEthereumChain: switchFails,
      wallet_addEthereumChain: (params) => {
        added = params;
        return null;
      },
      eth_chainId: () => '0x29',
    });
    expect(await switchNetwork(provider, TESTNET)).toEqual({ kind: 'added' });
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
    expect(added).toEqual([TESTNET]);
  });

  it('switches after adding when the wallet did not switch by itself', async () => {
    const { provider, calls } = fakeWallet({
      wallet_switchEthereumChain: [fail(4902), ok],
      wallet_addEthereumChain: ok,
      eth_chainId: () => 40,
    });
    expect(await switchNetwork(provider, TESTNET)).toEqual({ kind: 'added' });
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId', 'wallet_switchEthereumChain']);
  });

  it('reads a rejected switch (4001) as a neutral outcome', async () => {
    const { provider, calls } = fakeWallet({ wallet_switchEthereumChain: fail(4001, 'User rejected the request.') });
    expect(await switchNetwork(provider, TESTNET)).toEqual({
      kind: 'rejected',
      message: 'antelope.evm.error_switch_chain_rejected',
    });
    expect(calls).toEqual(['wallet_switchEthereumChain']);
  });

  it('reads a rejected add as rejected too', async () => {
    const { provider } = fakeWallet({ wallet_switchEthereumChain: fail(4902), wallet_addEthereumChain: fail(4001) });
    expect(await switchNetwork(provider, TESTNET)).toEqual({ kind: 'rejected', message: 'antelope.evm.error_add_chain_rejected' });
  });

  it('reports other failures with the error', async () => {
    const { provider } = fakeWallet({ wallet_switchEthereumChain: fail(4100, 'Unauthorized') });
    const switchFailed = await switchNetwork(provider, TESTNET);
    expect(switchFailed).toMatchObject({ kind: 'failed', message: 'antelope.evm.error_switch_chain', error: { code: 4100 } });

    const { provider: adding } = fakeWallet({
      wallet_switchEthereumChain: fail(4902),
      wallet_addEthereumChain: fail(-32602, 'Invalid params'),
    });
    expect(await switchNetwork(adding, TESTNET)).toMatchObject({ kind: 'failed', message: 'antelope.evm.error_add_chain' });
  });

  it('writes chain ids as EIP-3085 hex', () => {
    expect(toHexChainId(40)).toBe('0x28');
    expect(toHexChainId(41)).toBe('0x29');
  });
});

describe('reportSwitchOutcome', () => {
  it('confirms a switch, stays neutral on rejection and shows failures with details', () => {
    const store = createToastStore();
    const notify = createNotifier(store);
    reportSwitchOutcome({ kind: 'switched' }, 'Telos EVM', notify);
    reportSwitchOutcome({ kind: 'rejected', message: 'antelope.evm.error_switch_chain_rejected' }, 'Telos EVM', notify);
    reportSwitchOutcome({ kind: 'failed', message: 'antelope.evm.error_add_chain', error: { code: -1 } }, 'Telos EVM', notify);
    expect(store.getSnapshot().main).toMatchObject([
      { kind: 'success', message: { key: 'network.switched', values: { network: 'Telos EVM' } } },
      { kind: 'error', message: { key: 'antelope.evm.error_add_chain' }, details: JSON.stringify({ code: -1 }, null, 2) },
    ]);
    expect(store.getSnapshot().neutral).toMatchObject([{ message: { key: 'antelope.evm.error_switch_chain_rejected' } }]);
  });

  it('puts the wallet’s own reason in the message, and keeps a dump behind See Details', () => {
    const store = createToastStore();
    const notify = createNotifier(store);
    const refusal = { code: 4902, message: 'The development wallet signs on the local devnet only.' };
    reportSwitchOutcome({ kind: 'failed', message: 'antelope.evm.error_add_chain', error: refusal }, 'Telos EVM', notify);
    reportSwitchOutcome({ kind: 'failed', message: 'antelope.evm.error_add_chain', error: new Error(`{"jsonrpc":"2.0"}`) }, 'Telos EVM', notify);
    expect(store.getSnapshot().main).toMatchObject([
      { kind: 'error', message: { key: 'antelope.evm.error_add_chain_reason', values: { network: 'Telos EVM', reason: 'The development wallet signs on the local devnet only' } } },
      { kind: 'error', message: { key: 'antelope.evm.error_add_chain', values: { network: 'Telos EVM' } } },
    ]);
    expect(walletReason('x'.repeat(200))).toBeNull();
  });

  it('names the account that connected in the first notice after a sign-in', () => {
    const store = createToastStore();
    reportSwitchOutcome({ kind: 'added' }, 'Telos EVM Devnet', createNotifier(store), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(store.getSnapshot().main).toMatchObject([
      {
        kind: 'success',
        message: { key: 'network.switched_as', values: { network: 'Telos EVM Devnet', account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } },
      },
    ]);
  });
});
