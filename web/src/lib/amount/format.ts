/**
 * Display of exact amounts, the same rules as the Rust `Amount::format`
 * (crates/domain/src/amount/format.rs):
 *
 * - token amounts: at most 4 decimals (spec §9), truncated toward zero so the
 *   wallet never shows more than the account holds, trailing zeros dropped;
 * - fiat and gas values: exactly 2 decimals, rounded half up.
 *
 * Digits come from bigint arithmetic, never from a float; only the separators
 * come from the locale (see `locale.ts`).
 */

import { pow10, type FixedAmount } from './fixedAmount';

export type Rounding = 'towardZero' | 'halfUp';

export interface DisplayFormat {
  /** Fraction digits always shown (zeros padded). */
  readonly minFractionDigits: number;
  /** Fraction digits at most; the rest is rounded away. */
  readonly maxFractionDigits: number;
  readonly rounding: Rounding;
  /** Whether the integer part is grouped by thousands. */
  readonly grouping: boolean;
}

export const TOKEN_DISPLAY: DisplayFormat = { minFractionDigits: 0, maxFractionDigits: 4, rounding: 'towardZero', grouping: true };
export const FIAT_DISPLAY: DisplayFormat = { minFractionDigits: 2, maxFractionDigits: 2, rounding: 'halfUp', grouping: true };
export const GAS_DISPLAY: DisplayFormat = FIAT_DISPLAY;

/** Every digit of a value with `decimals` decimals, no grouping. */
export function exactDisplay(decimals: number): DisplayFormat {
  return { minFractionDigits: 0, maxFractionDigits: decimals, rounding: 'towardZero', grouping: false };
}

/** A locale's decimal separator and group separator (null: no grouping). */
export interface NumberSeparators {
  readonly decimal: string;
  readonly group: string | null;
}

export const EN_US_SEPARATORS: NumberSeparators = { decimal: '.', group: ',' };
export const PLAIN_SEPARATORS: NumberSeparators = { decimal: '.', group: null };

/** The digits of `amount` brought to the display precision: integer and fraction parts. */
function displayDigits(amount: FixedAmount, display: DisplayFormat): { integer: string; fraction: string } {
  const kept = Math.min(display.maxFractionDigits, amount.decimals);
  const divisor = pow10(amount.decimals - kept);
  let scaled = amount.raw / divisor;
  const remainder = amount.raw % divisor;
  // A half rounds away from zero; amounts are never negative.
  if (display.rounding === 'halfUp' && divisor > 1n && remainder * 2n >= divisor) scaled += 1n;
  const padded = scaled.toString().padStart(kept + 1, '0');
  const integer = padded.slice(0, padded.length - kept);
  let fraction = padded.slice(padded.length - kept).replace(/0+$/, '');
  if (fraction.length < display.minFractionDigits) fraction = fraction.padEnd(display.minFractionDigits, '0');
  return { integer, fraction };
}

function groupThousands(integer: string, group: string): string {
  let out = '';
  for (let index = 0; index < integer.length; index += 1) {
    if (index > 0 && (integer.length - index) % 3 === 0) out += group;
    out += integer.charAt(index);
  }
  return out;
}

/** The amount as display text: `display` picks precision and rounding, `separators` the locale's marks. */
export function formatAmount(
  amount: FixedAmount,
  display: DisplayFormat,
  separators: NumberSeparators = EN_US_SEPARATORS,
): string {
  const { integer, fraction } = displayDigits(amount, display);
  const grouped = display.grouping && separators.group !== null ? groupThousands(integer, separators.group) : integer;
  return fraction === '' ? grouped : `${grouped}${separators.decimal}${fraction}`;
}
