import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';

/** An amount with every digit, in the user's locale; the raw value stays machine-readable in <data>. */
export function ExactAmount({ amount }: { amount: FixedAmount }) {
  const format = useAmountFormatter();
  return <data value={amount.raw.toString()}>{format.exact(amount)}</data>;
}
