import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { clearPendingMove, feesExceedAmount, finishingBody, maxAfterFee, nativeActionsOf, readPendingMove, savePendingMove, validateMoveForm, type MoveContext, type PendingMove } from './evmMove';

const separators = { decimal: '.', group: ',' };
const alice: MoveContext = { account: 'alice', evmFrom: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', available: { raw: 1_000_000n, decimals: 4 }, decimals: 4 };
const toEvm = (amount: string, to: string) => validateMoveForm({ direction: 'toEvm', amount, to }, alice, separators);

describe('the move form', () => {
  it('asks the server for a move to an EVM address, with the amount as plain text', () => {
    expect(toEvm('12.5', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      ok: true,
      value: { direction: 'toEvm', account: 'alice', amount: '12.5', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    });
  });

  it('refuses the zero address, a reserved address, a bad address and amounts out of range', () => {
    const errors = (result: ReturnType<typeof toEvm>) => (result.ok ? {} : result.errors);
    expect(errors(toEvm('1', `0x${'0'.repeat(40)}`)).to?.key).toBe('move.error_zero_address');
    expect(errors(toEvm('1', '0xbbbbbbbbbbbbbbbbbbbbbbbb345c850000000000')).to).toEqual({ key: 'move.error_reserved_address', values: { account: 'alice' } });
    expect(errors(toEvm('1', '0x1234')).to).toBeDefined();
    expect(errors(toEvm('0', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).amount?.key).toBe('move.error_amount_zero');
    expect(errors(toEvm('100.0001', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).amount).toBeDefined();
    expect(errors(toEvm('1.00001', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).amount).toBeDefined();
  });

  it('moves to Telos Zero from the signed-in EVM address, and needs one', () => {
    expect(validateMoveForm({ direction: 'toZero', amount: '2', to: 'bob' }, alice, separators)).toEqual({
      ok: true,
      value: { direction: 'toZero', account: 'alice', amount: '2', to: 'bob', evmFrom: alice.evmFrom },
    });
    const noEvm = validateMoveForm({ direction: 'toZero', amount: '2', to: 'bob' }, { ...alice, evmFrom: null }, separators);
    expect(noEvm.ok ? null : noEvm.errors.to?.key).toBe('move.error_no_evm_session');
    const badName = validateMoveForm({ direction: 'toZero', amount: '2', to: 'Bob!' }, alice, separators);
    expect(badName.ok).toBe(false);
  });

  it('leaves the network fee out of the most the EVM leg can send, in whole native units', () => {
    expect(maxAfterFee(12_500_000_000_000_000_000n, 21_000n * 1_000_000_000n, 4)).toEqual({ raw: 124_999n, decimals: 4 });
    expect(maxAfterFee(1_000n, 21_000n, 4)).toEqual({ raw: 0n, decimals: 4 });
  });

  it('refuses a move whose network fee is at least what it moves', () => {
    expect(feesExceedAmount(100_000_000_000_000n, 42_000_000_000_000n)).toBe(false);
    expect(feesExceedAmount(100_000_000_000_000n, 100_000_000_000_000n)).toBe(true);
    expect(feesExceedAmount(100_000_000_000_000n, 200_000_000_000_000n)).toBe(true);
  });

  it('hands the plan’s actions to the wallet as they are', () => {
    const actions = [{ contract: 'eosio.evm', name: 'withdraw', data: { to: 'alice', quantity: '1.0000 TLOS' } }];
    expect(nativeActionsOf(actions)).toEqual(actions);
  });
});

describe('a two-leg move half done', () => {
  const move: PendingMove = {
    network: 'telos-devnet', account: 'alice', to: 'bob', amount: '12.5000', quantity: '12.5000 TLOS',
    linkedAddress: '0x1111111111111111111111111111111111111111', evmNetwork: 'telos-evm-devnet', evmHash: `0x${'ab'.repeat(32)}`, startedAt: 1,
  };

  it('is kept per network and account until its native leg is done, and finishes from the linked address', () => {
    const storage = memoryStorage();
    savePendingMove(storage, move);
    expect(readPendingMove(storage, 'telos-devnet', 'alice')).toEqual(move);
    expect(readPendingMove(storage, 'telos-devnet', 'bob')).toBeNull();
    expect(finishingBody(move)).toEqual({ direction: 'toZero', account: 'alice', amount: '12.5000', to: 'bob', evmFrom: move.linkedAddress });
    clearPendingMove(storage, 'telos-devnet', 'alice');
    expect(readPendingMove(storage, 'telos-devnet', 'alice')).toBeNull();
  });

  it('ignores a record that is not one', () => {
    const storage = memoryStorage({ 'tandem.move.pending.telos-devnet.alice': '{"network":"telos-devnet"}' });
    expect(readPendingMove(storage, 'telos-devnet', 'alice')).toBeNull();
    expect(readPendingMove(memoryStorage({ 'tandem.move.pending.telos-devnet.alice': 'not json' }), 'telos-devnet', 'alice')).toBeNull();
  });
});
