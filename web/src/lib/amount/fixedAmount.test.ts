import { describe, expect, it } from 'vitest';
import { addAmounts, compareValue, fixedAmount, fromPlainString, isUnlimited, MAX_UINT256, toPlainString } from './fixedAmount';

describe('fixedAmount', () => {
  it('refuses values no chain amount can have', () => {
    expect(() => fixedAmount(-1n, 18)).toThrow(RangeError);
    expect(() => fixedAmount(MAX_UINT256 + 1n, 18)).toThrow(RangeError);
    expect(() => fixedAmount(1n, 78)).toThrow('78 decimals');
    expect(() => fixedAmount(1n, 1.5)).toThrow(RangeError);
    expect(fixedAmount(MAX_UINT256, 77).raw).toBe(MAX_UINT256);
  });

  it('recognises the unlimited allowance', () => {
    expect(isUnlimited(fixedAmount(MAX_UINT256, 18))).toBe(true);
    expect(isUnlimited(fixedAmount(MAX_UINT256 - 1n, 18))).toBe(false);
  });
});

describe('plain decimal text', () => {
  it('reads exact server text without a float', () => {
    expect(fromPlainString('1234.5678')).toEqual({ raw: 12_345_678n, decimals: 4 });
    expect(fromPlainString('0.000000000000000001')).toEqual({ raw: 1n, decimals: 18 });
    expect(fromPlainString('9007199254740993')).toEqual({ raw: 9_007_199_254_740_993n, decimals: 0 });
    expect(fromPlainString('1.5', 18)).toEqual({ raw: 1_500_000_000_000_000_000n, decimals: 18 });
  });

  it('rejects text that is not a plain non-negative decimal', () => {
    for (const bad of ['', '-1', '1,5', '1e5', ' 1', '1.', '.5', (MAX_UINT256 + 1n).toString()]) {
      expect(fromPlainString(bad), bad).toBeNull();
    }
    expect(fromPlainString('1.55', 1)).toBeNull();
  });

  it('writes the exact value back without trailing zeros', () => {
    expect(toPlainString({ raw: 1_500_000n, decimals: 6 })).toBe('1.5');
    expect(toPlainString({ raw: 25n, decimals: 4 })).toBe('0.0025');
    expect(toPlainString({ raw: 700n, decimals: 2 })).toBe('7');
    expect(toPlainString({ raw: MAX_UINT256, decimals: 0 })).toBe(MAX_UINT256.toString());
  });
});

describe('compareValue', () => {
  it('compares exactly across decimals', () => {
    expect(compareValue({ raw: 10n, decimals: 1 }, { raw: 100n, decimals: 2 })).toBe(0);
    expect(compareValue({ raw: 15n, decimals: 1 }, { raw: 149n, decimals: 2 })).toBe(1);
    expect(compareValue({ raw: 1n, decimals: 0 }, { raw: 1_000_000_000_000_000_001n, decimals: 18 })).toBe(-1);
    expect(compareValue({ raw: MAX_UINT256, decimals: 0 }, { raw: MAX_UINT256, decimals: 77 })).toBe(1);
  });
});

describe('addAmounts', () => {
  it('adds exactly across decimals', () => {
    const a = fromPlainString('211.05');
    const b = fromPlainString('2333.104587213');
    if (a === null || b === null) throw new Error('parse');
    expect(toPlainString(addAmounts(a, b))).toBe('2544.154587213');
  });
});
