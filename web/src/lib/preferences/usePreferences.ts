import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage } from '../storage';
import { createAmountFormatter, type AmountFormatter } from './amountFormatter';
import { formatDateTime, type Instant } from './dateTime';
import { DEFAULT_PREFERENCES, FIAT_CURRENCY_KEY, FIAT_LOCALE_KEY, readPreferences, writePreferences, type Preferences } from './preferences';

const CHANGE_EVENT = 'tandem:preferences-changed';

// useSyncExternalStore needs the same object while nothing changed.
let cached: { currency: string | null; locale: string | null; value: Preferences } | null = null;

function snapshot(): Preferences {
  const storage = browserStorage();
  const currency = storage?.getItem(FIAT_CURRENCY_KEY) ?? null;
  const locale = storage?.getItem(FIAT_LOCALE_KEY) ?? null;
  if (cached?.currency !== currency || cached.locale !== locale) {
    cached = { currency, locale, value: readPreferences(storage) };
  }
  return cached.value;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FIAT_CURRENCY_KEY || event.key === FIAT_LOCALE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The fiat currency and locale, live across tabs, and a setter that stores them. */
export function usePreferences(): [Preferences, (change: Partial<Preferences>) => void] {
  const preferences = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_PREFERENCES);
  const update = useCallback((change: Partial<Preferences>) => {
    writePreferences(browserStorage(), change);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [preferences, update];
}

// One formatter per currency and locale for the whole page, not one per amount on screen:
// making one asks Intl for the locale's layout.
const formatters = new Map<string, AmountFormatter>();

function formatterFor(preferences: Preferences): AmountFormatter {
  const key = `${preferences.fiatCurrency} ${preferences.fiatLocale}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = createAmountFormatter(preferences);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The formatter every amount on screen uses, for the user's locale and currency. */
export function useAmountFormatter(): AmountFormatter {
  const [preferences] = usePreferences();
  return formatterFor(preferences);
}

/** Writes an instant in the default date format with the user's number-format locale. */
export function useDateTimeFormatter(): (instant: Instant) => string {
  const [{ fiatLocale }] = usePreferences();
  return useCallback((instant: Instant) => formatDateTime(instant, fiatLocale), [fiatLocale]);
}
