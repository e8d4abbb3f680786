import { describe, expect, it } from 'vitest';
import { toPlainString } from '../../../lib/amount/fixedAmount';
import { EN_US_SEPARATORS } from '../../../lib/amount/format';
import {
  checkAmount,
  expectedShares,
  feeReserveWei,
  maxStake,
  nativeBalance,
  unlockEstimate,
  unstakeAssets,
  wei,
  type StakedPosition,
} from './staking';

const WEI = 10n ** 18n;

// The devnet's vault after seeding: 167 TLOS of assets for 151.81818181818181818 STLOS.
const STAKE_RATIO = wei('0.90909090909090909'); // previewDeposit(1e18)
const UNSTAKE_RATIO = wei('1.1'); // previewRedeem(1e18)

describe('wei', () => {
  it('reads the server’s exact text with 18 decimals and refuses anything else', () => {
    expect(wei('86.363636363636363635')).toEqual({ raw: 86_363_636_363_636_363_635n, decimals: 18 });
    expect(wei('10')).toEqual({ raw: 10n * WEI, decimals: 18 });
    expect(() => wei('1e3')).toThrow();
    expect(() => wei('0.0000000000000000001')).toThrow();
  });
});

describe('expectedShares', () => {
  it('multiplies by the STLOS-per-TLOS ratio and rounds down', () => {
    expect(expectedShares(wei('100'), STAKE_RATIO).raw).toBe(90_909_090_909_090_909_000n);
    expect(toPlainString(expectedShares(wei('1'), STAKE_RATIO))).toBe('0.90909090909090909');
    expect(expectedShares({ raw: 1n, decimals: 18 }, STAKE_RATIO).raw).toBe(0n);
  });
});

describe('unstakeAssets', () => {
  const position: StakedPosition = {
    balance: wei('86.363636363636363635'),
    balanceValue: wei('94.999999999999999999'),
    unstakeRatio: UNSTAKE_RATIO,
  };

  it('asks exactly previewRedeem(balance) for all the STLOS', () => {
    expect(unstakeAssets(position.balance, position)).toEqual(position.balanceValue);
  });

  it('multiplies a part by the TLOS-per-STLOS ratio, rounding down', () => {
    expect(unstakeAssets(wei('10'), position).raw).toBe(11n * WEI);
    expect(unstakeAssets({ raw: 3n, decimals: 18 }, position).raw).toBe(3n); // 3.3 wei → 3
    expect(toPlainString(unstakeAssets(wei('0.123456789012345678'), position))).toBe('0.135802467913580245');
  });

  it('never asks more than the position is worth', () => {
    const rounded: StakedPosition = { ...position, unstakeRatio: wei('2') };
    expect(unstakeAssets(wei('86'), rounded)).toEqual({ raw: position.balanceValue.raw, decimals: 18 });
  });
});

describe('checkAmount', () => {
  const tlos = wei('50');

  it('uses the shared decimal rules and refuses zero', () => {
    expect(checkAmount('', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({
      ok: false,
      problem: { kind: 'invalid', issue: { key: 'validation.amount_required' } },
    });
    expect(checkAmount('1.1234567890123456789', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({
      ok: false,
      problem: { kind: 'invalid', issue: { key: 'validation.too_many_decimals', values: { count: 18 } } },
    });
    expect(checkAmount('abc', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({
      ok: false,
      problem: { kind: 'invalid', issue: { key: 'validation.invalid_number_format' } },
    });
    expect(checkAmount('0', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({ ok: false, problem: { kind: 'zero' } });
  });

  it('checks against the available balance (spec §5 "balance too low")', () => {
    expect(checkAmount('50', { available: tlos, separators: EN_US_SEPARATORS }).ok).toBe(true);
    expect(checkAmount('50.000000000000000001', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({ ok: false, problem: { kind: 'balance' } });
    expect(checkAmount('1,000', { available: tlos, separators: EN_US_SEPARATORS })).toEqual({ ok: false, problem: { kind: 'balance' } });
  });

  it('leaves room for the fee once the fee is known', () => {
    const reserveWei = 1_000_000n;
    expect(checkAmount('50', { available: tlos, separators: EN_US_SEPARATORS, reserveWei })).toEqual({
      ok: false,
      problem: { kind: 'feeRoom', max: { raw: 50n * WEI - 1_000_000n, decimals: 18 } },
    });
    expect(checkAmount('49.999999999999', { available: tlos, separators: EN_US_SEPARATORS, reserveWei }).ok).toBe(true);
  });
});

describe('fee reserve and Max', () => {
  it('keeps twice gas limit × gas price, never going below zero', () => {
    const reserve = feeReserveWei({ gasLimit: '80000', gasPrice: '500000000000' });
    expect(reserve).toBe(80_000_000_000_000_000n);
    expect(maxStake(wei('1'), reserve).raw).toBe(WEI - reserve);
    expect(maxStake(wei('0.01'), reserve).raw).toBe(0n);
  });
});

describe('unlockEstimate and nativeBalance', () => {
  it('adds the lock period to now', () => {
    expect(unlockEstimate(1_795_574_806, 3_600)).toBe(1_795_578_406);
  });

  it('finds the native row, zero without one', () => {
    const rows = [
      { token: { isNative: false }, amount: { value: '5', decimals: 6 } },
      { token: { isNative: true }, amount: { value: '9894.498970493714691351', decimals: 18 } },
    ];
    expect(nativeBalance(rows).raw).toBe(9_894_498_970_493_714_691_351n);
    expect(nativeBalance([]).raw).toBe(0n);
  });
});
