/**
 * Totals a reader can check by adding up the rows above them: each value is brought to
 * the display precision first (spec §9: fiat at 2 decimals, half up), then summed, so
 * the printed total equals the sum of the printed rows to the last digit, not the
 * rounded exact sum that may differ from it by a cent.
 */

import { fromPlainString, pow10, toPlainString } from './fixedAmount';
import { FIAT_DISPLAY, roundedForDisplay } from './format';

/** Fiat is shown at this many decimals; sums and differences are counted in its last digit. */
const SCALE = FIAT_DISPLAY.maxFractionDigits;

/** A fiat value as a reader sees it, in units of its last shown digit; null when not a number. */
function shownUnits(text: string): bigint | null {
  const amount = fromPlainString(text);
  if (amount === null) return null;
  const rounded = roundedForDisplay(amount, FIAT_DISPLAY);
  return rounded.raw * pow10(SCALE - rounded.decimals);
}

/** The sum of fiat values as shown (exact decimal text); missing values count as nothing. */
export function shownFiatTotal(values: readonly (string | null | undefined)[]): string {
  let units = 0n;
  for (const value of values) units += (value == null ? null : shownUnits(value)) ?? 0n;
  return toPlainString({ raw: units, decimals: SCALE });
}

/** `total − part` as shown (each at the display precision), never below zero; null when either is not a number. */
export function shownFiatDifference(total: string, part: string): string | null {
  const whole = shownUnits(total);
  const piece = shownUnits(part);
  if (whole === null || piece === null) return null;
  const difference = whole - piece;
  return toPlainString({ raw: difference > 0n ? difference : 0n, decimals: SCALE });
}
