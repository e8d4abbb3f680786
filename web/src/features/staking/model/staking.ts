/**
 * The arithmetic and checks of the Staking screen, without React. STLOS is an
 * ERC-4626 vault over TLOS; the server sends its two prices as exact decimal text
 * (`stakeRatio` = STLOS per TLOS, previewDeposit of one unit; `unstakeRatio` =
 * TLOS per STLOS, previewRedeem of one unit). Everything here is bigint on wei.
 */

import { compareValue, fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { parseAmount } from '../../../lib/validation/amount';
import type { ValidationIssue } from '../../../lib/validation/issue';

/** Wei precision of TLOS and STLOS (spec §9). */
export const WEI_DECIMALS = 18;

const ONE = 10n ** BigInt(WEI_DECIMALS);

/** The server's exact decimal text as wei; throws on anything else, so a changed server fails loudly. */
export function wei(text: string): FixedAmount {
  const amount = fromPlainString(text, WEI_DECIMALS);
  if (amount === null) throw new Error(`"${text}" is not an amount with at most ${WEI_DECIMALS} decimals`);
  return amount;
}

/**
 * STLOS received for staking `amount` TLOS at `stakeRatio` STLOS per TLOS,
 * rounded down like the vault's previewDeposit. "About": the price of the block
 * the transaction lands in decides.
 */
export function expectedShares(amount: FixedAmount, stakeRatio: FixedAmount): FixedAmount {
  return { raw: (amount.raw * stakeRatio.raw) / ONE, decimals: WEI_DECIMALS };
}

export interface StakedPosition {
  /** STLOS held. */
  readonly balance: FixedAmount;
  /** previewRedeem(balance): what all of it is worth in TLOS. */
  readonly balanceValue: FixedAmount;
  /** TLOS per STLOS. */
  readonly unstakeRatio: FixedAmount;
}

/**
 * The TLOS an unstake of `shares` STLOS asks for (the vault's withdraw takes
 * assets). All the STLOS is exactly `balanceValue`; a part is `shares ×
 * unstakeRatio` rounded down. The ratio is itself rounded down, so the result never
 * exceeds previewRedeem(shares): the vault burns at most `shares` STLOS and the
 * server's "at most maxWithdraw" check holds.
 */
export function unstakeAssets(shares: FixedAmount, position: StakedPosition): FixedAmount {
  if (shares.raw === position.balance.raw) return position.balanceValue;
  const assets = (shares.raw * position.unstakeRatio.raw) / ONE;
  return { raw: assets < position.balanceValue.raw ? assets : position.balanceValue.raw, decimals: WEI_DECIMALS };
}

/**
 * Wei to keep for the fee when staking everything: twice the most the wallet may
 * charge (gas limit × gas price), so a rise of the gas price between Max and
 * Confirm does not make the transaction fail.
 */
export function feeReserveWei({ gasLimit, gasPrice }: { gasLimit: string; gasPrice: string }): bigint {
  return 2n * BigInt(gasLimit) * BigInt(gasPrice);
}

/** All the TLOS but the fee reserve, never below zero. */
export function maxStake(tlos: FixedAmount, reserveWei: bigint): FixedAmount {
  const left = tlos.raw - reserveWei;
  return { raw: left > 0n ? left : 0n, decimals: tlos.decimals };
}

/** Why an amount cannot be staked or unstaked. */
export type AmountProblem =
  | { readonly kind: 'invalid'; readonly issue: ValidationIssue }
  | { readonly kind: 'zero' }
  /** Spec §5 "balance too low". */
  | { readonly kind: 'balance' }
  /** Within the TLOS balance, but not leaving the fee reserve. */
  | { readonly kind: 'feeRoom'; readonly max: FixedAmount };

export type AmountCheck = { readonly ok: true; readonly amount: FixedAmount } | { readonly ok: false; readonly problem: AmountProblem };

/**
 * An amount field: the decimal rules of `lib/validation` (18 decimals, the
 * locale's separators), more than zero, within `available` (TLOS to stake, STLOS
 * to unstake) and, when a fee reserve is known (staking TLOS), within what leaves
 * room for the fee.
 */
export function checkAmount(
  input: string,
  { available, separators, reserveWei = null }: { available: FixedAmount; separators: NumberSeparators; reserveWei?: bigint | null },
): AmountCheck {
  const parsed = parseAmount(input, WEI_DECIMALS, separators);
  if (!parsed.ok) return { ok: false, problem: { kind: 'invalid', issue: parsed.error } };
  const amount = parsed.value;
  if (amount.raw === 0n) return { ok: false, problem: { kind: 'zero' } };
  if (compareValue(amount, available) > 0) return { ok: false, problem: { kind: 'balance' } };
  if (reserveWei !== null) {
    const max = maxStake(available, reserveWei);
    if (compareValue(amount, max) > 0) return { ok: false, problem: { kind: 'feeRoom', max } };
  }
  return { ok: true, amount };
}

/** When an unstake made now unlocks: the escrow locks until the block time plus its lock period. */
export function unlockEstimate(nowSeconds: number, lockSeconds: number): number {
  return nowSeconds + lockSeconds;
}

/** The native coin's balance from the balances endpoint's rows (zero when the account has none). */
export function nativeBalance(rows: readonly { token: { isNative: boolean }; amount: { value: string; decimals: number } }[]): FixedAmount {
  const row = rows.find((candidate) => candidate.token.isNative);
  return (row && fromPlainString(row.amount.value, row.amount.decimals)) ?? { raw: 0n, decimals: WEI_DECIMALS };
}
