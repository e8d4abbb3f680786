import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { formatAmount } from '../../../lib/amount/format';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { AssetView } from '../api/nativeApi';

/** "1,234.5000 TLOS": every decimal of the token, as the chain writes it, with the locale's separators. */
export function useExactAsset() {
  const { separators } = useAmountFormatter();
  return (asset: AssetView) => {
    const fixed = fromPlainString(asset.amount, asset.decimals);
    if (fixed === null) return asset.quantity;
    const digits = { minFractionDigits: asset.decimals, maxFractionDigits: asset.decimals, rounding: 'towardZero', grouping: true } as const;
    return `${formatAmount(fixed, digits, separators)} ${asset.symbol}`;
  };
}
