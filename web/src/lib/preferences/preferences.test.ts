import { describe, expect, it } from 'vitest';
import { fixedAmount, MAX_UINT256 } from '../amount/fixedAmount';
import { memoryStorage } from '../storage';
import { createAmountFormatter } from './amountFormatter';
import { DEFAULT_PREFERENCES, FIAT_CURRENCY_KEY, FIAT_LOCALE_KEY, readPreferences, writePreferences } from './preferences';

describe('preferences', () => {
  it('defaults to USD and en-US (spec §9)', () => {
    expect(readPreferences(memoryStorage())).toEqual({ fiatCurrency: 'USD', fiatLocale: 'en-US' });
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('stores a choice and reads it back', () => {
    const storage = memoryStorage();
    expect(writePreferences(storage, { fiatCurrency: 'eur', fiatLocale: 'de-de' })).toEqual({
      fiatCurrency: 'EUR',
      fiatLocale: 'de-DE',
    });
    expect(storage.getItem(FIAT_CURRENCY_KEY)).toBe('EUR');
    expect(readPreferences(storage)).toEqual({ fiatCurrency: 'EUR', fiatLocale: 'de-DE' });
  });

  it('ignores values that are not a currency or a locale', () => {
    const storage = memoryStorage({ [FIAT_CURRENCY_KEY]: 'dollars', [FIAT_LOCALE_KEY]: 'not a locale!' });
    expect(readPreferences(storage)).toEqual(DEFAULT_PREFERENCES);
    expect(writePreferences(storage, { fiatCurrency: 'EURO' })).toEqual(DEFAULT_PREFERENCES);
    expect(storage.getItem(FIAT_CURRENCY_KEY)).toBe('dollars');
  });

  it('survives a storage that refuses writes', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(writePreferences(storage, { fiatCurrency: 'EUR' })).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('amount formatter', () => {
  const en = createAmountFormatter(DEFAULT_PREFERENCES);
  const de = createAmountFormatter({ fiatCurrency: 'EUR', fiatLocale: 'de-DE' });

  it('formats token, fiat and gas values as spec §9 asks', () => {
    expect(en.token('1234.56789')).toBe('1,234.5678');
    expect(en.fiat('1234.56789')).toBe('$1,234.57');
    // Issue 17: a fee below a cent of a coin shows its first significant digits, never 0.00.
    expect(en.gas('0.004999')).toBe('0.0049');
    expect(en.gas('0.005')).toBe('0.01');
    expect(en.gas('0.005')).toBe('0.01');
    expect(de.token('1234.56789')).toBe('1.234,5678');
    expect(de.fiat('1234.565')).toBe('1.234,57\u00a0€');
  });

  it('formats exact decimal text without float loss', () => {
    // 2^53 + 1 is the first integer a double cannot hold.
    expect(en.token('9007199254740993')).toBe('9,007,199,254,740,993');
    expect(en.exact('9007199254740993.000000000000000001')).toBe('9,007,199,254,740,993.000000000000000001');
    expect(en.token(fixedAmount(MAX_UINT256, 18))).toBe('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584');
    expect(en.fiat('0.1')).toBe('$0.10');
    expect(en.fiat('0.105')).toBe('$0.11');
  });

  it('shows text that is not an exact decimal as it came', () => {
    expect(en.token('n/a')).toBe('n/a');
  });

  it('parses what a user types with the locale separators', () => {
    expect(de.parse('1.234,5', 2)).toEqual({ ok: true, value: { raw: 123_450n, decimals: 2 } });
    expect(en.parse('1.234,5', 2)).toMatchObject({ ok: false, error: { key: 'validation.invalid_number_format' } });
  });
});
