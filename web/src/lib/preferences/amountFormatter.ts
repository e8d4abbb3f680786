/**
 * The formatter every amount on screen goes through: exact digits (bigint,
 * never a float) in the user's locale and currency. Amounts arrive as exact
 * values or as the server's exact decimal text.
 */

import { fromPlainString, type FixedAmount } from '../amount/fixedAmount';
import { FIAT_DISPLAY, formatAmount, GAS_DISPLAY, TOKEN_DISPLAY, UNIT_PRICE_DISPLAY, exactDisplay, type NumberSeparators } from '../amount/format';
import { currencyLayout, formatMoney, separatorsForLocale } from '../amount/locale';
import { parseAmount } from '../validation/amount';
import type { Checked } from '../validation/issue';
import type { Preferences } from './preferences';

export type AmountValue = FixedAmount | string;

export interface AmountFormatter {
  /** Token amounts: up to 4 decimals, truncated. */
  token: (amount: AmountValue) => string;
  /** Fiat values in the chosen currency: 2 decimals, half up. */
  fiat: (amount: AmountValue) => string;
  /** A token's unit price in the chosen currency: every digit up to 8 decimals, at least 2. */
  price: (amount: AmountValue) => string;
  /** Gas costs: 2 decimals, half up. */
  gas: (amount: AmountValue) => string;
  /** Every digit, with the locale's separators. */
  exact: (amount: AmountValue) => string;
  /** The separators users type in this locale. */
  readonly separators: NumberSeparators;
  /** Reads a typed amount with this locale's separators. */
  parse: (input: string, decimals: number) => Checked<FixedAmount>;
}

export function createAmountFormatter({ fiatCurrency, fiatLocale }: Preferences): AmountFormatter {
  const separators = separatorsForLocale(fiatLocale);
  const layout = currencyLayout(fiatLocale, fiatCurrency);
  // Text that is not an exact decimal is shown as it came rather than hidden or guessed at.
  const using = (write: (amount: FixedAmount) => string) => (amount: AmountValue) => {
    if (typeof amount !== 'string') return write(amount);
    const fixed = fromPlainString(amount);
    return fixed === null ? amount : write(fixed);
  };
  return {
    token: using((amount) => formatAmount(amount, TOKEN_DISPLAY, separators)),
    fiat: using((amount) => formatMoney(amount, FIAT_DISPLAY, layout)),
    price: using((amount) => formatMoney(amount, UNIT_PRICE_DISPLAY, layout)),
    gas: using((amount) => formatAmount(amount, GAS_DISPLAY, separators)),
    exact: using((amount) => formatAmount(amount, { ...exactDisplay(amount.decimals), grouping: true }, separators)),
    separators,
    parse: (input, decimals) => parseAmount(input, decimals, separators),
  };
}
