/**
 * The sponsor's fee as a person weighs it (issue 30): its value in the user's currency and
 * the total the account gives up with it, beside the fee itself. Exact: the fee and the
 * amount spent are the chain's integers, the price the server's decimal text.
 */

import { addAmounts, fromPlainString, toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { AssetView } from '../api/nativeApi';
import { assetView } from './createAccount';

export interface SponsorFeeFigures {
  /** The fee's fiat value, exact decimal text; null without a price for its token. */
  readonly feeFiat: string | null;
  /** What leaves the account with the fee: the amount spent plus the fee, in the same token; null when they differ. */
  readonly total: AssetView | null;
  /** The total's fiat value, exact decimal text; null without a price or a total. */
  readonly totalFiat: string | null;
}

function times(amount: FixedAmount, price: FixedAmount): string {
  return toPlainString({ raw: amount.raw * price.raw, decimals: amount.decimals + price.decimals });
}

/**
 * `fee` with `price` (its token's unit price, or null), and `spent` (what the transaction
 * itself takes from the account in `spentSymbol`, or null when it takes nothing countable).
 */
export function sponsorFeeFigures(fee: AssetView, price: string | null, spent: FixedAmount | null, spentSymbol: string): SponsorFeeFigures {
  const feeAmount = fromPlainString(fee.amount, fee.decimals);
  const unitPrice = price === null ? null : fromPlainString(price);
  if (feeAmount === null) return { feeFiat: null, total: null, totalFiat: null };
  const total = spent !== null && spentSymbol === fee.symbol ? addAmounts(spent, feeAmount) : null;
  return {
    feeFiat: unitPrice === null ? null : times(feeAmount, unitPrice),
    total: total === null ? null : assetView(total, fee.symbol),
    totalFiat: total === null || unitPrice === null ? null : times(total, unitPrice),
  };
}
