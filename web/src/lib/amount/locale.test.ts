import { describe, expect, it } from 'vitest';
import { fixedAmount, fromPlainString, MAX_UINT256 } from './fixedAmount';
import { FIAT_DISPLAY, TOKEN_DISPLAY, UNIT_PRICE_DISPLAY } from './format';
import { currencyLayout, currencyLayoutFromIntl, formatMoney, separatorsForLocale, separatorsFromIntl } from './locale';

describe('the product default (en-US, USD), written without asking Intl', () => {
  it('is what Intl says', () => {
    expect(separatorsForLocale('en-US')).toEqual(separatorsFromIntl('en-US'));
    expect(currencyLayout('en-US', 'USD')).toEqual(currencyLayoutFromIntl('en-US', 'USD'));
    expect(currencyLayout('en-US', 'USD')).toEqual({ prefix: '$', suffix: '', separators: { decimal: '.', group: ',' } });
  });

  it('is not taken for another currency or locale', () => {
    expect(currencyLayout('en-US', 'EUR').prefix).toBe('€');
    expect(currencyLayout('en-GB', 'USD').prefix).toBe('US$');
    expect(separatorsForLocale('de-DE')).toEqual({ decimal: ',', group: '.' });
  });
});

describe('separatorsForLocale', () => {
  it('takes the separators from Intl', () => {
    expect(separatorsForLocale('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(separatorsForLocale('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(separatorsForLocale('fr-FR').decimal).toBe(',');
    expect([' ', '\u00a0', '\u202f']).toContain(separatorsForLocale('fr-FR').group);
  });

  it('falls back to en-US for a tag Intl rejects', () => {
    expect(separatorsForLocale('not a locale!')).toEqual({ decimal: '.', group: ',' });
  });

  it('keeps Latin digits where the locale would use others', () => {
    // ar-EG prints Arabic-Indic digits by default; amounts stay 0-9 so the parser reads them back.
    expect(separatorsForLocale('ar-EG').decimal).not.toMatch(/[0-9]/);
  });
});

describe('formatMoney', () => {
  it('places the currency as the locale does', () => {
    const amount = fixedAmount(123_456_789n, 5); // 1234.56789
    expect(formatMoney(amount, FIAT_DISPLAY, currencyLayout('en-US', 'USD'))).toBe('$1,234.57');
    expect(formatMoney(amount, FIAT_DISPLAY, currencyLayout('de-DE', 'EUR'))).toBe('1.234,57\u00a0€');
  });

  it('gives a unit price every digit its source has, so amount × price is the value shown', () => {
    const usd = currencyLayout('en-US', 'USD');
    const price = (text: string) => formatMoney(fromPlainString(text) ?? fixedAmount(0n, 0), UNIT_PRICE_DISPLAY, usd);
    expect(price('0.2345')).toBe('$0.2345');
    expect(price('1.0002')).toBe('$1.0002');
    expect(price('2')).toBe('$2.00');
    expect(price('0.000000001234')).toBe('$0.0000000012');
    expect(price('0.123456789')).toBe('$0.12345679');
  });

  it('prints every digit of a huge exact value (no float on the way)', () => {
    const nines = '9'.repeat(70);
    const huge = fromPlainString(`${nines}.995`);
    if (!huge) throw new Error('fixture');
    const text = formatMoney(huge, FIAT_DISPLAY, currencyLayout('en-US', 'USD'));
    // 10^70 - 0.005 rounds up to 10^70, digit for digit.
    expect(text.replace(/[$,]/g, '')).toBe(`1${'0'.repeat(70)}.00`);
    const max = formatMoney(fixedAmount(MAX_UINT256, 0), TOKEN_DISPLAY, currencyLayout('en-US', 'USD'));
    expect(max.replace(/[$,]/g, '')).toBe(MAX_UINT256.toString());
    const beyondDouble = fromPlainString('9007199254740993.123456789');
    if (!beyondDouble) throw new Error('fixture');
    expect(formatMoney(beyondDouble, TOKEN_DISPLAY, currencyLayout('en-US', 'USD'))).toBe('$9,007,199,254,740,993.1234');
  });

  it('falls back to USD for an unknown currency code', () => {
    expect(formatMoney(fixedAmount(100n, 2), FIAT_DISPLAY, currencyLayout('en-US', 'not-a-code'))).toBe('$1.00');
  });
});
