import { describe, expect, it } from 'vitest';
import { fixedAmount, MAX_UINT256 } from './fixedAmount';
import {
  EN_US_SEPARATORS,
  exactDisplay,
  FIAT_DISPLAY,
  formatAmount,
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
