/**
 * The development wallet as an EIP-1193 provider (see devWallet.ts for when it may
 * exist). It answers account and chain questions itself, asks the user through the
 * prompt queue before signing, signs legacy transactions (Telos EVM has no
 * EIP-1559) with viem, and forwards everything else to the devnet's node. Loaded
 * on demand, so viem never reaches the home page's bundle.
 */

import { privateKeyToAccount } from 'viem/accounts';
import {
  assertEvmDevWalletAllowed,
  EVM_DEVNET_CHAIN_ID,
  EvmDevWalletRefusedError,
  isAnvilClientVersion,
  type EvmDevWalletNetworkFacts,
} from './devWallet';
import type { TransactionToConfirm } from './devWalletPrompt';
import { fromQuantity, ProviderRpcError, toQuantity, type EventfulProvider } from './provider';

export interface DevWalletProviderOptions {
  readonly network: EvmDevWalletNetworkFacts;
  readonly privateKey: `0x${string}`;
  readonly confirm: (transaction: TransactionToConfirm) => Promise<boolean>;
  readonly fetchImpl?: typeof fetch;
}

export interface DevWalletProvider extends EventfulProvider {
  readonly address: string;
}

type Rpc = (method: string, params?: readonly unknown[]) => Promise<unknown>;

function jsonRpc(url: string, fetchImpl: typeof fetch): Rpc {
  let id = 0;
  return async (method, params = []) => {
    id += 1;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    if (body.error) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603;
      const message = typeof body.error.message === 'string' ? body.error.message : 'The devnet node reported an error';
      throw new ProviderRpcError(code, message, body.error.data);
    }
    return body.result;
  };
}

interface TransactionRequest {
  from?: unknown;
  to?: unknown;
  value?: unknown;
  data?: unknown;
  gas?: unknown;
  gasPrice?: unknown;
}

function isHexData(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(value);
}

function isAddress(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** Builds the provider after checking the network (name, flag, chain id, loopback RPC) and that its node is anvil. */
export async function createDevWalletProvider({
  network,
  privateKey,
  confirm,
  fetchImpl = fetch.bind(globalThis),
}: DevWalletProviderOptions): Promise<DevWalletProvider> {
  assertEvmDevWalletAllowed(network);
  if (network.rpcUrl === null) throw new EvmDevWalletRefusedError(network.name, 'it has no RPC endpoint');
  const rpc = jsonRpc(network.rpcUrl, fetchImpl);
  if (!isAnvilClientVersion(await rpc('web3_clientVersion'))) {
    throw new EvmDevWalletRefusedError(network.name, 'its node is not a local anvil devnet');
  }
  if (fromQuantity(await rpc('eth_chainId')) !== BigInt(EVM_DEVNET_CHAIN_ID)) {
    throw new EvmDevWalletRefusedError(network.name, `its node does not report chain id ${EVM_DEVNET_CHAIN_ID}`);
  }
  const account = privateKeyToAccount(privateKey);
  const chainIdHex = toQuantity(EVM_DEVNET_CHAIN_ID);

  const sendTransaction = async (request: TransactionRequest): Promise<unknown> => {
    if (typeof request.from !== 'string' || request.from.toLowerCase() !== account.address.toLowerCase()) {
      throw new ProviderRpcError(4100, 'The development wallet can only sign for its own account');
    }
    const to = request.to ?? null;
    if (to !== null && !isAddress(to)) throw new ProviderRpcError(-32602, 'Invalid recipient address');
    const data = request.data === undefined ? '0x' : request.data;
    if (!isHexData(data)) throw new ProviderRpcError(-32602, 'Invalid transaction data');
    const value = request.value === undefined ? 0n : fromQuantity(request.value);
    if (value === null) throw new ProviderRpcError(-32602, 'Invalid transaction value');
    const givenGas = request.gas === undefined ? null : fromQuantity(request.gas);

    if (!(await confirm({ from: account.address, to, value, data, gas: givenGas }))) {
      throw new ProviderRpcError(4001, 'User rejected the request.');
    }
    const call = { from: account.address, ...(to === null ? {} : { to }), value: toQuantity(value), data };
    const gas = givenGas ?? fromQuantity(await rpc('eth_estimateGas', [call]));
    const gasPrice = (request.gasPrice === undefined ? null : fromQuantity(request.gasPrice)) ?? fromQuantity(await rpc('eth_gasPrice'));
    const nonce = fromQuantity(await rpc('eth_getTransactionCount', [account.address, 'pending']));
    if (gas === null || gasPrice === null || nonce === null) throw new ProviderRpcError(-32603, 'The devnet node gave an unreadable answer');
    const signed = await account.signTransaction({
      type: 'legacy',
      chainId: EVM_DEVNET_CHAIN_ID,
      nonce: Number(nonce),
      gas,
      gasPrice,
      value,
      data,
      ...(to === null ? {} : { to }),
    });
    return rpc('eth_sendRawTransaction', [signed]);
  };

  return {
    address: account.address,
    request: async ({ method, params = [] }) => {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [account.address];
        case 'eth_chainId':
          return chainIdHex;
        case 'net_version':
          return String(EVM_DEVNET_CHAIN_ID);
        case 'wallet_switchEthereumChain': {
          const wanted = (params[0] as { chainId?: unknown } | undefined)?.chainId;
          if (typeof wanted === 'string' && wanted.toLowerCase() === chainIdHex) return null;
          throw new ProviderRpcError(4902, 'Unrecognized chain ID: the development wallet only knows the devnet');
        }
        case 'wallet_addEthereumChain':
          throw new ProviderRpcError(4200, 'The development wallet only knows the devnet');
        case 'eth_sendTransaction':
          return sendTransaction((params[0] ?? {}));
        case 'eth_sign':
        case 'personal_sign':
        case 'eth_signTypedData_v4':
        case 'eth_signTransaction':
          throw new ProviderRpcError(4200, `The development wallet does not support ${method}`);
        default:
          return rpc(method, params);
      }
    },
  };
}
