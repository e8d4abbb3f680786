/**
 * Totals a reader can check by adding up the rows above them: each value is brought to
 * the display precision first (spec §9: fiat at 2 decimals, half up), then summed, so
 * the printed total equals the sum of the printed rows to the last digit, not the
 * rounded exact sum that may differ from it by a cent.
 */

import { fromPlainString, pow10, toPlainString, type FixedAmount } from './fixedAmount';
import { FIAT_DISPLAY, roundedForDisplay, shownSum } from './format';

/** The sum of fiat values as shown (exact decimal text); missing values count as nothing. */
export function shownFiatTotal(values: readonly (string | null | undefined)[]): string {
  const amounts = values.flatMap((value) => {
    const amount = value == null ? null : fromPlainString(value);
    return amount === null ? [] : [amount];
  });
  return toPlainString(shownSum(amounts, FIAT_DISPLAY));
}

/** `total − part` as shown (each at the display precision), never below zero; null when either is not a number. */
export function shownFiatDifference(total: string, part: string): string | null {
  const whole = fromPlainString(total);
  const piece = fromPlainString(part);
  if (whole === null || piece === null) return null;
  const scale = FIAT_DISPLAY.maxFractionDigits;
  const shown = (amount: FixedAmount) => {
    const rounded = roundedForDisplay(amount, FIAT_DISPLAY);
    return rounded.raw * pow10(scale - rounded.decimals);
  };
  const difference = shown(whole) - shown(piece);
  return toPlainString({ raw: difference > 0n ? difference : 0n, decimals: scale });
}
