/**
 * The currency preference of spec §3: the fiat currency values are shown in and
 * the locale numbers are written in (defaults USD and en-US, spec §9), kept in
 * localStorage. Values read back are checked: a tag Intl does not accept falls
 * back to the default instead of breaking every amount on screen.
 */

import { trySetItem, type StorageLike } from '../storage';

export const FIAT_CURRENCY_KEY = 'tandem.fiatCurrency';
export const FIAT_LOCALE_KEY = 'tandem.fiatLocale';

export interface Preferences {
  /** ISO 4217 code, e.g. USD. */
  readonly fiatCurrency: string;
  /** BCP 47 tag, e.g. en-US. */
  readonly fiatLocale: string;
}

export const DEFAULT_PREFERENCES: Preferences = { fiatCurrency: 'USD', fiatLocale: 'en-US' };

/** An ISO 4217 code Intl can format, upper-cased; null otherwise. */
export function parseCurrency(raw: string | null): string | null {
  const code = raw?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return code;
  } catch {
    return null;
  }
}

/** The canonical form of a BCP 47 tag; null when it is not one. */
export function parseLocale(raw: string | null): string | null {
  const tag = raw?.trim() ?? '';
  if (tag === '') return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

export function readPreferences(storage: StorageLike | null): Preferences {
  return {
    fiatCurrency: parseCurrency(storage?.getItem(FIAT_CURRENCY_KEY) ?? null) ?? DEFAULT_PREFERENCES.fiatCurrency,
    fiatLocale: parseLocale(storage?.getItem(FIAT_LOCALE_KEY) ?? null) ?? DEFAULT_PREFERENCES.fiatLocale,
  };
}

/** Stores the valid parts of `change`; returns the preferences now in effect. */
export function writePreferences(storage: StorageLike | null, change: Partial<Preferences>): Preferences {
  const currency = parseCurrency(change.fiatCurrency ?? null);
  const locale = parseLocale(change.fiatLocale ?? null);
  if (currency !== null) trySetItem(storage, FIAT_CURRENCY_KEY, currency);
  if (locale !== null) trySetItem(storage, FIAT_LOCALE_KEY, locale);
  return readPreferences(storage);
}
