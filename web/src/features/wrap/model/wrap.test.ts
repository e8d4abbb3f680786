import { describe, expect, it } from 'vitest';
import { toPlainString } from '../../../lib/amount/fixedAmount';
import { EN_US_SEPARATORS, type NumberSeparators } from '../../../lib/amount/format';
import {
  balancesAfter,
  checkWrapAmount,
  feeReserveWei,
  maxAmount,
  pickWrapBalances,
  wrapDirection,
  type BalanceRowFacts,
  type WrapBalances,
} from './wrap';

const WTLOS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WEI = 10n ** 18n;

function row(symbol: string, value: string, address: string | null = null, isNative = false): BalanceRowFacts {
  return { token: { symbol, address, isNative }, amount: { value, decimals: 18 } };
}

const balances: WrapBalances = {
  tlos: { raw: 10n * WEI, decimals: 18 },
  wtlos: { raw: 3n * WEI + 5n, decimals: 18 },
  tlosSymbol: 'TLOS',
  wtlosSymbol: 'WTLOS',
};

const DE: NumberSeparators = { decimal: ',', group: '.' };

describe('wrapDirection', () => {
  it('reads the query and defaults to wrap', () => {
    expect(wrapDirection('unwrap')).toBe('unwrap');
    expect(wrapDirection('wrap')).toBe('wrap');
    expect(wrapDirection(null)).toBe('wrap');
    expect(wrapDirection('stake')).toBe('wrap');
  });
});

describe('pickWrapBalances', () => {
  it('takes the native coin and the wrapped token by contract address, not by symbol', () => {
    const rows = [
      row('TLOS', '9894.498970493714691351', null, true),
      row('WTLOS', '999', '0x000000000000000000000000000000000000dEaD'),
      row('WTLOS', '6', WTLOS.toLowerCase()),
    ];
    const picked = pickWrapBalances(rows, WTLOS);
    expect(picked).not.toBeNull();
    expect(picked?.tlos.raw).toBe(9894498970493714691351n);
    expect(picked?.wtlos.raw).toBe(6n * WEI);
  });

  it('is null when the network has no wrapped token row, and counts a missing TLOS row as zero', () => {
    expect(pickWrapBalances([row('TLOS', '1', null, true)], WTLOS)).toBeNull();
    expect(pickWrapBalances([row('WTLOS', '2', WTLOS)], WTLOS)?.tlos.raw).toBe(0n);
  });
});

describe('checkWrapAmount', () => {
  const check = (input: string, direction: 'wrap' | 'unwrap', reserveWei: bigint | null = null, separators = EN_US_SEPARATORS) =>
    checkWrapAmount(input, { direction, balances, separators, reserveWei });

  it('applies the decimal rules of the amount parser (shared vectors)', () => {
    expect(check('', 'wrap')).toEqual({ ok: false, problem: { kind: 'invalid', issue: { key: 'validation.amount_required' } } });
    expect(check('1.0000000000000000001', 'wrap')).toEqual({
      ok: false,
      problem: { kind: 'invalid', issue: { key: 'validation.too_many_decimals', values: { count: 18 } } },
    });
    expect(check('-1', 'wrap')).toEqual({ ok: false, problem: { kind: 'invalid', issue: { key: 'validation.negative_amount' } } });
    expect(check('1,5', 'wrap')).toEqual({ ok: false, problem: { kind: 'invalid', issue: { key: 'validation.invalid_number_format' } } });
  });

  it('reads the locale’s separators', () => {
    const result = check('1.234,5', 'unwrap', null, DE);
    expect(result.ok).toBe(false); // 1234.5 WTLOS is more than the 3 held
    const fine = check('2,5', 'unwrap', null, DE);
    expect(fine.ok && toPlainString(fine.amount)).toBe('2.5');
  });

  it('refuses zero', () => {
    expect(check('0', 'wrap')).toEqual({ ok: false, problem: { kind: 'zero' } });
    expect(check('0.000', 'unwrap')).toEqual({ ok: false, problem: { kind: 'zero' } });
  });

  it('checks a wrap against TLOS and an unwrap against WTLOS', () => {
    expect(check('10', 'wrap').ok).toBe(true);
    expect(check('10.000000000000000001', 'wrap')).toEqual({ ok: false, problem: { kind: 'balance' } });
    expect(check('3.000000000000000005', 'unwrap').ok).toBe(true);
    expect(check('3.000000000000000006', 'unwrap')).toEqual({ ok: false, problem: { kind: 'balance' } });
    expect(check('5', 'unwrap')).toEqual({ ok: false, problem: { kind: 'balance' } });
  });

  it('leaves room for the fee when wrapping once the fee is known, never when unwrapping', () => {
    const reserve = 2n * 30_000n * 7n; // 420000 wei
    expect(check('10', 'wrap', reserve)).toEqual({ ok: false, problem: { kind: 'feeRoom', max: { raw: 10n * WEI - 420_000n, decimals: 18 } } });
    expect(check('9.99999999999958', 'wrap', reserve).ok).toBe(true);
    expect(check('3.000000000000000005', 'unwrap', reserve).ok).toBe(true);
  });
});

describe('fee reserve and Max', () => {
  it('keeps twice gas limit × gas price', () => {
    expect(feeReserveWei({ gasLimit: '54321', gasPrice: '500000000000' })).toBe(2n * 54_321n * 500_000_000_000n);
  });

  it('fills all the WTLOS, and all the TLOS but the reserve', () => {
    expect(maxAmount('unwrap', balances, 123n)).toEqual(balances.wtlos);
    expect(maxAmount('wrap', balances, 420_000n)).toEqual({ raw: 10n * WEI - 420_000n, decimals: 18 });
    expect(maxAmount('wrap', balances, 11n * WEI)).toEqual({ raw: 0n, decimals: 18 });
  });
});

describe('balancesAfter', () => {
  const amount = { raw: 2n * WEI + 1n, decimals: 18 };

  it('moves the amount from TLOS to WTLOS when wrapping, TLOS paying the fee', () => {
    const after = balancesAfter('wrap', balances, amount, 1_000n);
    expect(after.tlos.raw).toBe(10n * WEI - 2n * WEI - 1n - 1_000n);
    expect(after.wtlos.raw).toBe(5n * WEI + 6n);
  });

  it('moves it back when unwrapping, TLOS still paying the fee', () => {
    const after = balancesAfter('unwrap', balances, amount, 1_000n);
    expect(after.tlos.raw).toBe(12n * WEI + 1n - 1_000n);
    expect(after.wtlos.raw).toBe(WEI + 4n);
  });

  it('ignores the fee until it is known and never goes below zero', () => {
    expect(balancesAfter('wrap', balances, amount).tlos.raw).toBe(8n * WEI - 1n);
    expect(balancesAfter('wrap', balances, { raw: 10n * WEI, decimals: 18 }, 5n).tlos.raw).toBe(0n);
  });
});
