import { describe, expect, it } from 'vitest';
import { fixedAmount, MAX_UINT256 } from './fixedAmount';
import {
  EN_US_SEPARATORS,
  exactDisplay,
  FIAT_DISPLAY,
  formatAmount,
  formatPercent,
  GAS_DISPLAY,
  PLAIN_SEPARATORS,
  TOKEN_DISPLAY,
  type DisplayFormat,
  type NumberSeparators,
} from './format';

const DE: NumberSeparators = { decimal: ',', group: '.' };
const FR: NumberSeparators = { decimal: ',', group: '\u00a0' };

describe('formatAmount (same table as the Rust Amount::format tests)', () => {
  const cases: [string, number, DisplayFormat, NumberSeparators, string][] = [
    ['1234567899999', 9, TOKEN_DISPLAY, EN_US_SEPARATORS, '1,234.5678'],
    ['1234567899999', 9, FIAT_DISPLAY, EN_US_SEPARATORS, '1,234.57'],
    ['1234500000000', 9, FIAT_DISPLAY, DE, '1.234,50'],
    ['1000000000000000000', 18, TOKEN_DISPLAY, EN_US_SEPARATORS, '1'],
    ['1000000000000000000', 18, FIAT_DISPLAY, EN_US_SEPARATORS, '1.00'],
    ['99999', 5, TOKEN_DISPLAY, EN_US_SEPARATORS, '0.9999'],
    ['99999', 5, FIAT_DISPLAY, EN_US_SEPARATORS, '1.00'],
    ['4999', 5, FIAT_DISPLAY, EN_US_SEPARATORS, '0.05'],
    ['4499', 5, FIAT_DISPLAY, EN_US_SEPARATORS, '0.04'],
    ['5', 3, FIAT_DISPLAY, EN_US_SEPARATORS, '0.01'],
    ['4', 3, FIAT_DISPLAY, EN_US_SEPARATORS, '0.00'],
    ['123', 0, FIAT_DISPLAY, EN_US_SEPARATORS, '123.00'],
    ['0', 18, TOKEN_DISPLAY, EN_US_SEPARATORS, '0'],
    ['100000', 0, TOKEN_DISPLAY, FR, '100\u00a0000'],
    ['1234567', 2, exactDisplay(2), EN_US_SEPARATORS, '12345.67'],
  ];

  it.each(cases)('%s with %i decimals', (raw, decimals, display, separators, expected) => {
    expect(formatAmount(fixedAmount(BigInt(raw), decimals), display, separators)).toBe(expected);
  });

  it('truncates token amounts but rounds gas half up', () => {
    const amount = fixedAmount(129_999n, 5); // 1.29999
    expect(formatAmount(amount, TOKEN_DISPLAY)).toBe('1.2999');
    expect(formatAmount(amount, GAS_DISPLAY)).toBe('1.30');
  });

  it('rounds half up at the top of uint256 without losing digits', () => {
    expect(formatAmount(fixedAmount(MAX_UINT256, 77), FIAT_DISPLAY, PLAIN_SEPARATORS)).toBe('1.16');
    const max = formatAmount(fixedAmount(MAX_UINT256, 0), TOKEN_DISPLAY, PLAIN_SEPARATORS);
    expect(max).toBe(MAX_UINT256.toString());
    expect(formatAmount(fixedAmount(MAX_UINT256, 1), TOKEN_DISPLAY, PLAIN_SEPARATORS).endsWith('.5')).toBe(true);
  });
});

describe('small amounts never read as zero', () => {
  it('shows the first two significant digits of a fee or amount below the precision', () => {
    expect(formatAmount(fixedAmount(21_000_000_168_000n, 18), GAS_DISPLAY)).toBe('0.000021');
    expect(formatAmount(fixedAmount(1n, 18), TOKEN_DISPLAY)).toBe('0.000000000000000001');
    expect(formatAmount(fixedAmount(12_345n, 9), TOKEN_DISPLAY, DE)).toBe('0,000012');
    expect(formatAmount(fixedAmount(10_000_000_000_000n, 18), GAS_DISPLAY)).toBe('0.00001');
  });

  it('leaves amounts that show as more than zero, zero itself and fiat alone', () => {
    expect(formatAmount(fixedAmount(5_000_000_000_000_000n, 18), GAS_DISPLAY)).toBe('0.01');
    expect(formatAmount(fixedAmount(1_000_100_000_000_000n, 18), TOKEN_DISPLAY)).toBe('0.001');
    expect(formatAmount(fixedAmount(0n, 18), GAS_DISPLAY)).toBe('0.00');
    expect(formatAmount(fixedAmount(4n, 3), FIAT_DISPLAY)).toBe('0.00');
  });

  it('groups every integer part, ERC-1155 holdings included', () => {
    expect(formatAmount(fixedAmount(992_059_326_008_231_820_193_051n, 0), TOKEN_DISPLAY)).toBe('992,059,326,008,231,820,193,051');
    expect(formatAmount(fixedAmount(9_900_988_703_731_342_788_749n, 18), TOKEN_DISPLAY)).toBe('9,900.9887');
  });
});

describe('formatPercent', () => {
  it.each([
    ['-1.9239856514', '-1.92 %'],
    ['1.995', '+2.00 %'],
    ['+0.5', '+0.50 %'],
    ['0', '0.00 %'],
    ['-0.001', '0.00 %'],
    ['12', '+12.00 %'],
    ['n/a', 'n/a %'],
  ])('%s reads %s', (text, expected) => {
    expect(formatPercent(text)).toBe(expected);
  });

  it('uses the locale decimal mark', () => {
    expect(formatPercent('-1.925', DE)).toBe('-1,93 %');
  });
});
