import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../lib/api/answerShape';
import { TransactionDetailView } from '../../../lib/api/generated/answerShapes';

const parseTransactionDetail = (json: unknown) => checkAnswer(TransactionDetailView, json);

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function detail(change: Record<string, unknown> = {}) {
  return {
    hash: `0x${'ab'.repeat(32)}`,
    status: 'success',
    blockNumber: 12,
    epoch: 1_700_000_000,
    from: { address: ALICE, name: null },
    to: { address: ALICE, name: 'Wrapped TLOS' },
    createdContract: null,
    value: { amount: '0', symbol: 'TLOS', fiatValue: null, counterparty: ALICE },
    function: { name: 'withdraw', signature: 'withdraw(uint256)', source: 'knownSignature', arguments: [{ name: null, type: 'uint256', value: '4' }] },
    selector: '0x2e1a7d4d',
    input: '0x2e1a7d4d',
    movements: [{ from: { address: ALICE }, to: { address: ALICE }, value: { amount: '4', symbol: 'TLOS', fiatValue: null, counterparty: ALICE }, token: null, nft: null }],
    fee: { amount: '0.000021', symbol: 'TLOS', fiatValue: null, gasUsed: '21000', gasPrice: '1000000000', paidBy: ALICE },
    source: 'rpc',
    ...change,
  };
}

describe('the transaction detail answer', () => {
  it('accepts a described transaction, pending ones without block, time or fee', () => {
    expect(parseTransactionDetail(detail()).function?.name).toBe('withdraw');
    expect(parseTransactionDetail(detail({ status: 'pending', blockNumber: null, epoch: null, fee: null, movements: [] })).status).toBe('pending');
  });

  it('fails loudly, naming the field, on a changed server', () => {
    expect(() => parseTransactionDetail(detail({ status: 'confirmed' }))).toThrow(/status/);
    expect(() => parseTransactionDetail(detail({ fee: { amount: '1' } }))).toThrow(/fee\./);
  });
});
