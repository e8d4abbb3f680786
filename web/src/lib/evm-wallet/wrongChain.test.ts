import { describe, expect, it } from 'vitest';
import type { PreparedTransaction } from './transactions';
import { wrongChainMessage } from './wrongChain';

const PREPARED = { chainId: 41 } as PreparedTransaction;

describe('wrongChainMessage', () => {
  it('lets a wallet on the transaction’s chain sign, and one with no live connection reach the usual checks', () => {
    expect(wrongChainMessage(41, PREPARED)).toBeNull();
    expect(wrongChainMessage(undefined, PREPARED)).toBeNull();
  });

  it('blocks a wallet that moved to another chain and names both chains', () => {
    expect(wrongChainMessage(1, PREPARED)).toEqual({ key: 'tx.wrong_chain', values: { chain: '1', expected: '41' } });
  });

  it('blocks a wallet whose chain could not be read', () => {
    expect(wrongChainMessage(null, PREPARED)).toEqual({ key: 'tx.wrong_chain_unknown', values: { expected: '41' } });
  });
});
