import { parseTransaction, recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { describe, expect, it } from 'vitest';
import { EVM_DEVNET_CHAIN_ID, EVM_DEVNET_NAME, EvmDevWalletRefusedError, type EvmDevWalletNetworkFacts } from './devWallet';
import type { TransactionToConfirm } from './devWalletPrompt';
import { createDevWalletProvider } from './devWalletProvider';
import { ProviderRpcError } from './provider';

// anvil's first public development account: a well-known test key, no funds anywhere real.
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RPC_URL = 'http://127.0.0.1:8545';

const DEVNET: EvmDevWalletNetworkFacts = { name: EVM_DEVNET_NAME, kind: 'evm', isDevnet: true, chainId: EVM_DEVNET_CHAIN_ID, rpcUrl: RPC_URL };

interface RpcCall {
  readonly url: string;
  readonly method: string;
  readonly params: unknown[];
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

/** A JSON-RPC node behind `fetch`: anvil on chain 41 unless told otherwise; it records every call. */
function fakeNode(overrides: Record<string, (params: unknown[]) => Answer> = {}) {
  const calls: RpcCall[] = [];
  const defaults: Record<string, (params: unknown[]) => Answer> = {
    web3_clientVersion: () => ({ result: 'anvil/v1.3.5' }),
    eth_chainId: () => ({ result: '0x29' }),
    eth_estimateGas: () => ({ result: '0x5208' }),
    eth_gasPrice: () => ({ result: '0x3b9aca00' }),
    eth_getTransactionCount: () => ({ result: '0x7' }),
    eth_sendRawTransaction: () => ({ result: `0x${'ab'.repeat(32)}` }),
    eth_blockNumber: () => ({ result: '0x10' }),
  };
  const handlers = { ...defaults, ...overrides };
  const fetchImpl: typeof fetch = (input, init) => {
    if (typeof init?.body !== 'string' || typeof input !== 'string') throw new Error('the provider must POST a JSON text to a URL string');
    const body = JSON.parse(init.body) as { id: number; method: string; params: unknown[] };
    calls.push({ url: input, method: body.method, params: body.params });
    const handler = handlers[body.method];
    const answer: Answer = handler ? handler(body.params) : { error: { code: -32601, message: `Method not found: ${body.method}` } };
    return Promise.resolve(new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answer }), { headers: { 'content-type': 'application/json' } }));
  };
  return { fetchImpl, calls, methods: () => calls.map((call) => call.method) };
}

function recordingPrompt(answer: boolean) {
  const asked: TransactionToConfirm[] = [];
  return {
    asked,
    confirm: (transaction: TransactionToConfirm) => {
      asked.push(transaction);
      return Promise.resolve(answer);
    },
  };
}

async function devProvider(node = fakeNode(), prompt = recordingPrompt(true)) {
  const provider = await createDevWalletProvider({ network: DEVNET, privateKey: KEY, confirm: prompt.confirm, fetchImpl: node.fetchImpl });
  return { provider, node, prompt };
}

async function rpcErrorOf(promise: Promise<unknown>): Promise<ProviderRpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderRpcError) return error;
    throw error;
  }
  throw new Error('expected a ProviderRpcError');
}

describe('createDevWalletProvider', () => {
  it('checks the node is anvil on chain 41 before answering anything', async () => {
    const { provider, node } = await devProvider();
    expect(provider.address).toBe(ADDRESS);
    expect(node.methods()).toEqual(['web3_clientVersion', 'eth_chainId']);
    expect(node.calls.every((call) => call.url === RPC_URL)).toBe(true);
  });

  it('refuses a node that is not anvil', async () => {
    const node = fakeNode({ web3_clientVersion: () => ({ result: 'Geth/v1.13.0-stable' }) });
    await expect(createDevWalletProvider({ network: DEVNET, privateKey: KEY, confirm: () => Promise.resolve(true), fetchImpl: node.fetchImpl })).rejects.toThrow(
      /its node is not a local anvil devnet/,
    );
  });

  it('refuses a node on another chain id', async () => {
    const node = fakeNode({ eth_chainId: () => ({ result: '0x28' }) });
    await expect(createDevWalletProvider({ network: DEVNET, privateKey: KEY, confirm: () => Promise.resolve(true), fetchImpl: node.fetchImpl })).rejects.toThrow(
      /does not report chain id 41/,
    );
  });

  it('refuses a network that is not the devnet without calling any node', async () => {
    const node = fakeNode();
    const testnet = { ...DEVNET, name: 'telos-evm-testnet', isDevnet: false, rpcUrl: 'https://rpc.testnet.telos.net/evm' };
    await expect(createDevWalletProvider({ network: testnet, privateKey: KEY, confirm: () => Promise.resolve(true), fetchImpl: node.fetchImpl })).rejects.toBeInstanceOf(
      EvmDevWalletRefusedError,
    );
    expect(node.calls).toEqual([]);
  });

  it('answers account and chain questions itself', async () => {
    const { provider, node } = await devProvider();
    const before = node.calls.length;
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x29');
    expect(await provider.request({ method: 'net_version' })).toBe('41');
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x29' }] })).toBeNull();
    expect(node.calls.length).toBe(before);
  });

  it('answers 4902 when asked to switch to another chain, and cannot add one', async () => {
    const { provider } = await devProvider();
    expect((await rpcErrorOf(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x28' }] }))).code).toBe(4902);
    expect((await rpcErrorOf(provider.request({ method: 'wallet_switchEthereumChain', params: [] }))).code).toBe(4902);
    expect((await rpcErrorOf(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x28' }] }))).code).toBe(4200);
  });

  it('refuses message signing it does not support', async () => {
    const { provider } = await devProvider();
    for (const method of ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTransaction']) {
      expect((await rpcErrorOf(provider.request({ method, params: [] }))).code).toBe(4200);
    }
  });

  it('forwards reads to the node and passes its errors on', async () => {
    const { provider, node } = await devProvider(fakeNode({ eth_call: () => ({ error: { code: 3, message: 'execution reverted' } }) }));
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10');
    expect(node.calls.at(-1)).toEqual({ url: RPC_URL, method: 'eth_blockNumber', params: [] });
    const error = await rpcErrorOf(provider.request({ method: 'eth_call', params: [{ to: RECIPIENT, data: '0x' }, 'latest'] }));
    expect(error.code).toBe(3);
    expect(error.message).toBe('execution reverted');
  });

  it('sends nothing when the user rejects the prompt (4001)', async () => {
    const { provider, node, prompt } = await devProvider(fakeNode(), recordingPrompt(false));
    const before = node.calls.length;
    const error = await rpcErrorOf(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: RECIPIENT, value: '0xde0b6b3a7640000', data: '0x' }] }),
    );
    expect(error.code).toBe(4001);
    expect(prompt.asked).toEqual([{ from: ADDRESS, to: RECIPIENT, value: 10n ** 18n, data: '0x', gas: null }]);
    expect(node.calls.length).toBe(before);
  });

  it('signs an approved send as a legacy transaction of chain 41 and sends it raw', async () => {
    const { provider, node, prompt } = await devProvider();
    const data = '0xa9059cbb000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb922660000000000000000000000000000000000000000000000000000000000000001';
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS.toLowerCase(), to: RECIPIENT, value: '0x2386f26fc10000', data, gas: '0x186a0', gasPrice: '0x77359400' }],
    });
    expect(hash).toBe(`0x${'ab'.repeat(32)}`);
    expect(prompt.asked).toEqual([{ from: ADDRESS, to: RECIPIENT, value: 10n ** 16n, data, gas: 100_000n }]);
    // The given gas and gas price are used as they are: only the nonce is read.
    expect(node.methods().slice(2)).toEqual(['eth_getTransactionCount', 'eth_sendRawTransaction']);
    expect(node.calls[2]?.params).toEqual([ADDRESS, 'pending']);

    const raw = node.calls[3]?.params[0] as TransactionSerialized;
    const parsed = parseTransaction(raw);
    expect(parsed.type).toBe('legacy');
    expect(parsed.chainId).toBe(EVM_DEVNET_CHAIN_ID);
    expect(parsed.to).toBe(RECIPIENT.toLowerCase());
    expect(parsed.value).toBe(10n ** 16n);
    expect(parsed.data).toBe(data);
    expect(parsed.nonce).toBe(7);
    expect(parsed.gas).toBe(100_000n);
    expect(parsed.gasPrice).toBe(2_000_000_000n);
    expect(await recoverTransactionAddress({ serializedTransaction: raw })).toBe(ADDRESS);
  });

  it('asks the node for gas and gas price when the page gives none', async () => {
    const { provider, node } = await devProvider();
    await provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: RECIPIENT, value: '0x1' }] });
    expect(node.methods().slice(2)).toEqual(['eth_estimateGas', 'eth_gasPrice', 'eth_getTransactionCount', 'eth_sendRawTransaction']);
    expect(node.calls[2]?.params).toEqual([{ from: ADDRESS, to: RECIPIENT, value: '0x1', data: '0x' }]);
    const parsed = parseTransaction(node.calls[5]?.params[0] as TransactionSerialized);
    expect(parsed).toMatchObject({ type: 'legacy', chainId: 41, to: RECIPIENT.toLowerCase(), value: 1n, gas: 21_000n, gasPrice: 1_000_000_000n, nonce: 7 });
    expect(parsed.data).toBeUndefined();
  });

  it('deploys a contract when the transaction has no recipient', async () => {
    const { provider, node } = await devProvider();
    await provider.request({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, data: '0x6080', gas: '0x30000' }] });
    const parsed = parseTransaction(node.calls.at(-1)?.params[0] as TransactionSerialized);
    expect(parsed.to).toBeUndefined();
    expect(parsed.data).toBe('0x6080');
  });

  it('signs only for its own account and only well-formed transactions, before asking the user', async () => {
    const { provider, prompt } = await devProvider();
    const send = (transaction: Record<string, unknown>) => rpcErrorOf(provider.request({ method: 'eth_sendTransaction', params: [transaction] }));
    expect((await send({ from: RECIPIENT, to: ADDRESS, value: '0x1' })).code).toBe(4100);
    expect((await send({ to: ADDRESS, value: '0x1' })).code).toBe(4100);
    expect((await send({ from: ADDRESS, to: '0x1234', value: '0x1' })).code).toBe(-32602);
    expect((await send({ from: ADDRESS, to: RECIPIENT, data: '0xabc' })).code).toBe(-32602);
    expect((await send({ from: ADDRESS, to: RECIPIENT, value: '-1' })).code).toBe(-32602);
    expect(prompt.asked).toEqual([]);
  });
});
