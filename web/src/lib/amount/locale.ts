/**
 * Locale-aware display of exact amounts. Intl.NumberFormat supplies what the
 * locale decides (separators, where the currency symbol goes); the digits are
 * always the exact ones from `format.ts`, so a 78-digit balance prints every
 * digit and nothing goes through a float.
 */

import type { FixedAmount } from './fixedAmount';
import { formatAmount, type DisplayFormat, type NumberSeparators } from './format';

/** Digits are always Latin: the amount parser accepts only 0-9. */
const LATIN_DIGITS = { numberingSystem: 'latn' } as const;

/** A sample with a group, a decimal part and more than one group. */
const SAMPLE = 1234567.5;

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { ...LATIN_DIGITS, ...options });
  } catch {
    // An unknown locale or currency code: en-US / USD is the product default (spec §9).
    const fallback = options.style === 'currency' ? { ...options, currency: 'USD' } : options;
    return new Intl.NumberFormat('en-US', { ...LATIN_DIGITS, ...fallback });
  }
}

function separatorsOf(parts: Intl.NumberFormatPart[]): NumberSeparators {
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? null,
  };
}

/** How a locale writes a money value: text before and after the number, and its separators. */
export interface CurrencyLayout {
  readonly prefix: string;
  readonly suffix: string;
  readonly separators: NumberSeparators;
}

/**
 * The product default's separators and money layout (en-US and USD, spec §9), which every
 * visitor who has not chosen others sees: written here rather than asked of Intl, because a
 * page's first `Intl.NumberFormat` loads the browser's locale data (~20 ms on the first
 * screen's path on a 2-core machine). locale.test.ts checks them against Intl.
 */
const DEFAULT_LOCALE = 'en-US';
const DEFAULT_CURRENCY = 'USD';
const DEFAULT_SEPARATORS: NumberSeparators = { decimal: '.', group: ',' };
const DEFAULT_CURRENCY_LAYOUT: CurrencyLayout = { prefix: '$', suffix: '', separators: DEFAULT_SEPARATORS };

/** The decimal and group separators the locale prints (and the amount parser accepts). */
export function separatorsForLocale(locale: string): NumberSeparators {
  return locale === DEFAULT_LOCALE ? DEFAULT_SEPARATORS : separatorsFromIntl(locale);
}

/** What Intl says the locale's separators are (separatorsForLocale asks it for every locale but the default). */
export function separatorsFromIntl(locale: string): NumberSeparators {
  return separatorsOf(numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(SAMPLE));
}

const NUMBER_PARTS = new Set<Intl.NumberFormatPartTypes>(['integer', 'group', 'decimal', 'fraction']);

export function currencyLayout(locale: string, currency: string): CurrencyLayout {
  return locale === DEFAULT_LOCALE && currency === DEFAULT_CURRENCY ? DEFAULT_CURRENCY_LAYOUT : currencyLayoutFromIntl(locale, currency);
}

/** What Intl says about the locale's money layout (currencyLayout asks it for every pair but the default). */
export function currencyLayoutFromIntl(locale: string, currency: string): CurrencyLayout {
  const parts = numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 1 }).formatToParts(SAMPLE);
  const first = parts.findIndex((part) => NUMBER_PARTS.has(part.type));
  let last = first;
  parts.forEach((part, index) => {
    if (NUMBER_PARTS.has(part.type)) last = index;
  });
  const text = (slice: Intl.NumberFormatPart[]) => slice.map((part) => part.value).join('');
  return { prefix: text(parts.slice(0, first)), suffix: text(parts.slice(last + 1)), separators: separatorsOf(parts) };
}

/** A money value in the locale's layout, e.g. "$1,234.57" (en-US) or "1.234,57 €" (de-DE). */
export function formatMoney(amount: FixedAmount, display: DisplayFormat, layout: CurrencyLayout): string {
  return `${layout.prefix}${formatAmount(amount, display, layout.separators)}${layout.suffix}`;
}
