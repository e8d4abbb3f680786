import type { Message } from '../notify/toastStore';
import type { PreparedTransaction } from './transactions';

/**
 * Why the connected wallet cannot sign `prepared` right now: it moved to another chain
 * (its own `chainChanged`) after the transaction was prepared. Null when it can.
 */
export function wrongChainMessage(walletChainId: number | null | undefined, prepared: PreparedTransaction): Message | null {
  if (walletChainId === undefined || walletChainId === prepared.chainId) return null;
  const expected = String(prepared.chainId);
  return walletChainId === null
    ? { key: 'tx.wrong_chain_unknown', values: { expected } }
    : { key: 'tx.wrong_chain', values: { chain: String(walletChainId), expected } };
}
