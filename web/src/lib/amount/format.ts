/**
 * Display of exact amounts, the same rules as the Rust `Amount::format`
 * (crates/domain/src/amount/format.rs):
 *
 * - token amounts: at most 4 decimals (spec §9), truncated toward zero so the
 *   wallet never shows more than the account holds, trailing zeros dropped;
 * - fiat and gas values: exactly 2 decimals, rounded half up.
 *
 * One rule is the web's own: a token amount or fee that is not zero but would show
 * as zero at its precision shows its first two significant digits instead (a
 * 0.000021 TLOS fee reads `0.000021`, not `0.00`): a display never claims nothing
 * moved when something did.
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
  /**
   * A nonzero amount that would show as zero shows this many significant digits
   * instead (truncated); absent or 0: it shows as zero.
   */
  readonly smallSignificantDigits?: number;
}

export const TOKEN_DISPLAY: DisplayFormat = { minFractionDigits: 0, maxFractionDigits: 4, rounding: 'towardZero', grouping: true, smallSignificantDigits: 2 };
export const FIAT_DISPLAY: DisplayFormat = { minFractionDigits: 2, maxFractionDigits: 2, rounding: 'halfUp', grouping: true };
export const GAS_DISPLAY: DisplayFormat = { ...FIAT_DISPLAY, smallSignificantDigits: 2 };
/**
 * A unit price: every digit its source gives, up to 8 decimals (at least the fiat's 2), so
 * amount × price is the value beside it as shown; a $0.2345 price never reads $0.23.
 */
export const UNIT_PRICE_DISPLAY: DisplayFormat = { ...FIAT_DISPLAY, maxFractionDigits: 8, smallSignificantDigits: 2 };

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

/** `amount` brought to the display precision: the value a reader sees, exactly. */
export function roundedForDisplay(amount: FixedAmount, display: DisplayFormat): FixedAmount {
  const kept = Math.min(display.maxFractionDigits, amount.decimals);
  const divisor = pow10(amount.decimals - kept);
  let scaled = amount.raw / divisor;
  const remainder = amount.raw % divisor;
  // A half rounds away from zero; amounts are never negative.
  if (display.rounding === 'halfUp' && divisor > 1n && remainder * 2n >= divisor) scaled += 1n;
  return { raw: scaled, decimals: kept };
}

/** The digits of `amount` brought to the display precision: integer and fraction parts. */
function displayDigits(amount: FixedAmount, display: DisplayFormat): { integer: string; fraction: string } {
  const { raw: scaled, decimals: kept } = roundedForDisplay(amount, display);
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
  const small = /^0*$/.test(`${integer}${fraction}`) ? smallDisplay(amount, display) : null;
  if (small !== null) return `0${separators.decimal}${small}`;
  const grouped = display.grouping && separators.group !== null ? groupThousands(integer, separators.group) : integer;
  return fraction === '' ? grouped : `${grouped}${separators.decimal}${fraction}`;
}

/**
 * The fraction digits of a nonzero amount that shows as zero, up to its
 * `smallSignificantDigits`-th significant digit (truncated); null when the rule is
 * off or the amount is zero.
 */
function smallDisplay(amount: FixedAmount, display: DisplayFormat): string | null {
  const significant = display.smallSignificantDigits ?? 0;
  if (significant <= 0 || amount.raw <= 0n) return null;
  const digits = amount.raw.toString().padStart(amount.decimals, '0');
  const first = digits.search(/[1-9]/);
  return digits.slice(0, first + significant).replace(/0+$/, '');
}

/**
 * A percentage given as exact decimal text (`-1.9239856514`) at 2 decimals, half up,
 * signed: `-1.92 %`, `+0.50 %`, `0.00 %`. Text that is not a decimal is shown as it came.
 */
export function formatPercent(text: string, separators: NumberSeparators = EN_US_SEPARATORS): string {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (match === null || `${match[2] ?? ''}${match[3] ?? ''}` === '') return `${text.trim()} %`;
  const fraction = match[3] ?? '';
  const raw = BigInt(`${match[2] ?? ''}${fraction}` || '0');
  const shown = formatAmount({ raw, decimals: fraction.length }, FIAT_DISPLAY, separators);
  const zero = /^[0.,\s]*$/.test(shown.replace(separators.decimal, '.'));
  const sign = zero ? '' : match[1] === '-' ? '-' : '+';
  return `${sign}${shown} %`;
}
