/**
 * Sending what the server prepared (POST …/transactions/prepare) through the
 * connected wallet, and waiting for the receipt. The server never signs; the
 * wallet gets exactly the prepared call (to, data, value, gas limit, gas price)
 * and shows it to the user.
 */

import type { components } from '../api/generated/openapi';
import { fromQuantity, ProviderRpcError, toQuantity, type Eip1193Provider } from './provider';
import type { EvmConnection } from './connection';

export type PreparedTransaction = components['schemas']['PreparedTransaction'];

export interface Receipt {
  readonly hash: string;
  readonly status: 'success' | 'reverted';
  readonly blockNumber: bigint;
  readonly gasUsed: bigint;
}

/** The wallet is on another account or chain than the prepared transaction; its text says what to do. */
export class WalletMismatchError extends Error {
  readonly reason: 'account' | 'chain';

  constructor(reason: 'account' | 'chain', message: string) {
    super(message);
    this.name = 'WalletMismatchError';
    this.reason = reason;
  }
}

/** The eth_sendTransaction parameters for a prepared transaction. */
export function walletTransaction(prepared: PreparedTransaction): Record<string, string> {
  return {
    from: prepared.from,
    to: prepared.to,
    data: prepared.data,
    value: toQuantity(prepared.value),
    gas: toQuantity(prepared.gasLimit),
    gasPrice: toQuantity(prepared.gasPrice),
  };
}

/** Hands the prepared transaction to the wallet and answers its hash once the wallet has sent it. */
export async function sendPrepared(connection: EvmConnection, prepared: PreparedTransaction): Promise<`0x${string}`> {
  if (connection.address.toLowerCase() !== prepared.from.toLowerCase()) {
    throw new WalletMismatchError('account', `This transaction is for ${prepared.from}, but the wallet is on ${connection.address}. Switch the account in your wallet.`);
  }
  const chainId = fromQuantity(await connection.provider.request({ method: 'eth_chainId' }));
  if (chainId !== BigInt(prepared.chainId)) {
    throw new WalletMismatchError('chain', `Your wallet is on another network (chain id ${String(chainId)}). Switch it to chain id ${prepared.chainId} and try again.`);
  }
  const hash = await connection.provider.request({ method: 'eth_sendTransaction', params: [walletTransaction(prepared)] });
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new ProviderRpcError(-32603, 'The wallet did not answer with a transaction hash');
  }
  return hash as `0x${string}`;
}

/** Reads an eth_getTransactionReceipt answer; null while the transaction is not mined. */
export function readReceipt(hash: string, json: unknown): Receipt | null {
  if (typeof json !== 'object' || json === null) return null;
  const { status, blockNumber, gasUsed } = json as Record<string, unknown>;
  const block = fromQuantity(blockNumber);
  if (block === null) return null;
  return { hash, status: fromQuantity(status) === 1n ? 'success' : 'reverted', blockNumber: block, gasUsed: fromQuantity(gasUsed) ?? 0n };
}

export class ReceiptTimeoutError extends Error {
  constructor(hash: string, seconds: number) {
    super(`No receipt for ${hash} after ${seconds} s. It may still be mined: check the explorer before sending again.`);
    this.name = 'ReceiptTimeoutError';
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // An 'abort' event never fires again for a signal that is aborted already.
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      // Polls add one listener each: drop it, or a long wait piles them up on the signal.
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Polls the wallet's node for the receipt (spec §4: wait for the receipt, then refresh). */
export async function waitForReceipt(
  provider: Eip1193Provider,
  hash: string,
  { pollMs = 750, timeoutMs = 180_000, signal }: { pollMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Receipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = readReceipt(hash, await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] }));
    if (receipt !== null) return receipt;
    if (Date.now() >= deadline) throw new ReceiptTimeoutError(hash, Math.round(timeoutMs / 1000));
    await delay(pollMs, signal);
  }
}

/** The explorer page of a transaction, when the network has an explorer. */
export function transactionUrl(explorerUrl: string | null, hash: string): string | undefined {
  return explorerUrl === null ? undefined : `${explorerUrl.replace(/\/+$/, '')}/tx/${hash}`;
}
