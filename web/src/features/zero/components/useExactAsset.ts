import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { formatAmount } from '../../../lib/amount/format';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { AssetView } from '../api/nativeApi';

/**
 * "1,234.5000 TLOS": every decimal of the token, as the chain writes it, with the locale's
 * separators; with `symbol` false, the number alone ("1,234.5000").
 */
export function useExactAsset() {
  const { separators } = useAmountFormatter();
  return (asset: AssetView, symbol = true) => {
    const fixed = fromPlainString(asset.amount, asset.decimals);
    if (fixed === null) return symbol ? asset.quantity : asset.amount;
    const digits = { minFractionDigits: asset.decimals, maxFractionDigits: asset.decimals, rounding: 'towardZero', grouping: true } as const;
    const number = formatAmount(fixed, digits, separators);
    return symbol ? `${number} ${asset.symbol}` : number;
  };
}
