/**
 * One account, both chains: the fiat value of a native account and of its linked EVM
 * address, added exactly. Either total may be missing (nothing priced, or its read
 * failed): the combined total is then not shown, never a partial sum passed off as whole.
 */

import { addAmounts, fromPlainString, toPlainString } from '../../../lib/amount/fixedAmount';

export function combinedFiatTotal(nativeTotal: string | null | undefined, evmTotal: string | null | undefined): string | null {
  if (nativeTotal == null || evmTotal == null) return null;
  const native = fromPlainString(nativeTotal);
  const evm = fromPlainString(evmTotal);
  if (native === null || evm === null) return null;
  return toPlainString(addAmounts(native, evm));
}
