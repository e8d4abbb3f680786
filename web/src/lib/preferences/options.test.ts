import { describe, expect, it } from 'vitest';
import { currencyChoices, FIAT_CURRENCIES, localeChoices, NUMBER_LOCALES, numberSample, preferencesPreview } from './options';
import { parseCurrency, parseLocale } from './preferences';

describe('the offered currencies and locales', () => {
  it('are all values the stored preferences accept, each once, defaults first', () => {
    for (const code of FIAT_CURRENCIES) expect(parseCurrency(code)).toBe(code);
    for (const tag of NUMBER_LOCALES) expect(parseLocale(tag)).toBe(tag);
    expect(new Set(FIAT_CURRENCIES).size).toBe(FIAT_CURRENCIES.length);
    expect(new Set(NUMBER_LOCALES).size).toBe(NUMBER_LOCALES.length);
    expect(FIAT_CURRENCIES[0]).toBe('USD');
    expect(NUMBER_LOCALES[0]).toBe('en-US');
  });

  it('are codes the server’s price routes take (three letters, sent as ?fiat=)', () => {
    for (const code of FIAT_CURRENCIES) expect(code).toMatch(/^[A-Z]{3}$/);
  });
});

describe('currencyChoices', () => {
  it('names each currency beside its code', () => {
    const choices = currencyChoices('USD');
    expect(choices.map((choice) => choice.value)).toEqual([...FIAT_CURRENCIES]);
    expect(choices[0]).toEqual({ value: 'USD', label: 'USD — US Dollar' });
    expect(choices.find((choice) => choice.value === 'EUR')?.label).toBe('EUR — Euro');
  });

  it('keeps a stored currency the list lacks, first, so the select shows it', () => {
    const choices = currencyChoices('isk');
    expect(choices[0]).toEqual({ value: 'ISK', label: 'ISK — Icelandic Króna' });
    expect(choices).toHaveLength(FIAT_CURRENCIES.length + 1);
  });
});

describe('localeChoices', () => {
  it('names each locale with how it writes a number', () => {
    const choices = localeChoices('en-US');
    expect(choices.map((choice) => choice.value)).toEqual([...NUMBER_LOCALES]);
    expect(choices[0]).toEqual({ value: 'en-US', label: 'English (United States) — 1,234.56' });
    expect(choices.find((choice) => choice.value === 'de-DE')?.label).toBe('German (Germany) — 1.234,56');
  });

  it('keeps a stored locale the list lacks', () => {
    expect(localeChoices('fi-FI')[0]?.value).toBe('fi-FI');
  });
});

describe('samples', () => {
  it('writes 1234.56 the locale’s way, always with Latin digits', () => {
    expect(numberSample('en-US')).toBe('1,234.56');
    expect(numberSample('de-DE')).toBe('1.234,56');
    expect(numberSample('fr-FR')).toBe('1\u202f234,56');
    expect(numberSample('hi-IN')).toBe('1,234.56');
  });

  it('previews a token amount and a fiat value as the screens show them', () => {
    expect(preferencesPreview({ fiatCurrency: 'USD', fiatLocale: 'en-US' })).toEqual({ token: '1,234.5678', fiat: '$1,234.57' });
    expect(preferencesPreview({ fiatCurrency: 'EUR', fiatLocale: 'de-DE' })).toEqual({ token: '1.234,5678', fiat: '1.234,57\u00a0€' });
    expect(preferencesPreview({ fiatCurrency: 'JPY', fiatLocale: 'ja-JP' }).fiat).toBe('￥1,234.57');
  });
});
