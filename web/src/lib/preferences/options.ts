/**
 * What the preferences panel offers. Currencies: the server's price routes take
 * any three-letter code (`?fiat=`, crates/server/src/api/evm/params.rs) and pass
 * it to the price aggregator, so the list is the common currencies that
 * CoinGecko-style aggregators quote; where a source has no price in the chosen
 * currency the screens say so instead of showing a value. Locales only decide
 * how numbers are written (separators, where the currency sign goes): the texts
 * stay in the app's language.
 */

import { createAmountFormatter } from './amountFormatter';
import { parseCurrency, parseLocale, type Preferences } from './preferences';

export const FIAT_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'KRW', 'INR', 'BRL', 'CAD', 'AUD', 'CHF', 'MXN', 'ARS', 'TRY',
  'PLN', 'SEK', 'NOK', 'DKK', 'CZK', 'HUF', 'ZAR', 'NGN', 'IDR', 'PHP', 'THB', 'VND', 'SGD', 'HKD',
  'TWD', 'NZD', 'ILS', 'AED', 'SAR', 'UAH', 'RUB',
] as const;

export const NUMBER_LOCALES = [
  'en-US', 'en-GB', 'en-IN', 'de-DE', 'de-CH', 'fr-FR', 'fr-CH', 'es-ES', 'es-MX', 'es-AR', 'it-IT',
  'nl-NL', 'pt-BR', 'pt-PT', 'pl-PL', 'sv-SE', 'tr-TR', 'ru-RU', 'uk-UA', 'ja-JP', 'ko-KR', 'zh-CN',
  'hi-IN', 'id-ID', 'vi-VN',
] as const;

export interface Choice {
  /** The stored value: an ISO 4217 code or a BCP 47 tag. */
  readonly value: string;
  readonly label: string;
}

function displayName(type: 'currency' | 'language', code: string, uiLanguage: string): string | null {
  try {
    const names = new Intl.DisplayNames([uiLanguage], { type, ...(type === 'language' ? { languageDisplay: 'standard' as const } : {}) });
    const name = names.of(code);
    return name === undefined || name === code ? null : name;
  } catch {
    return null;
  }
}

/** The list with `current` first when it is a valid value the list lacks (set by hand or by an older version). */
function including(list: readonly string[], current: string | null): string[] {
  return current === null || list.includes(current) ? [...list] : [current, ...list];
}

/** "EUR — Euro"; the code alone where the browser has no name for it. */
export function currencyChoices(current: string, uiLanguage = 'en'): Choice[] {
  return including(FIAT_CURRENCIES, parseCurrency(current)).map((code) => {
    const name = displayName('currency', code, uiLanguage);
    return { value: code, label: name === null ? code : `${code} — ${name}` };
  });
}

/** "German (Germany) — 1.234,56": the locale's name and how it writes a number. */
export function localeChoices(current: string, uiLanguage = 'en'): Choice[] {
  return including(NUMBER_LOCALES, parseLocale(current)).map((tag) => {
    const name = displayName('language', tag, uiLanguage) ?? tag;
    return { value: tag, label: `${name} — ${numberSample(tag)}` };
  });
}

const SAMPLE_NUMBER = '1234.56';

/** How `locale` writes 1234.56. */
export function numberSample(locale: string): string {
  return createAmountFormatter({ fiatCurrency: 'USD', fiatLocale: locale }).exact(SAMPLE_NUMBER);
}

/** A token amount and a fiat value as the screens will show them with `preferences`. */
export function preferencesPreview(preferences: Preferences): { token: string; fiat: string } {
  const format = createAmountFormatter(preferences);
  return { token: format.token('1234.56789'), fiat: format.fiat('1234.5678') };
}
