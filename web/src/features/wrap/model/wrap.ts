/**
 * The decisions of the Wrap TLOS screen, without React: which balance an amount
 * is checked against (TLOS for wrap, leaving room for the fee; WTLOS for unwrap),
 * the Max amount, and the balances after the transaction. Everything is exact
 * bigint arithmetic on wei (TLOS and WTLOS both have 18 decimals, spec §9).
 */

import { compareValue, fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { parseAmount } from '../../../lib/validation/amount';
import type { ValidationIssue } from '../../../lib/validation/issue';

/** Wei precision of TLOS and WTLOS (spec §9). */
export const WEI_DECIMALS = 18;

export const WRAP_DIRECTIONS = ['wrap', 'unwrap'] as const;
export type WrapDirection = (typeof WRAP_DIRECTIONS)[number];

export function wrapDirection(query: string | null): WrapDirection {
  return WRAP_DIRECTIONS.find((direction) => direction === query) ?? 'wrap';
}

/** One balance row as the balances endpoint sends it (only what this screen reads). */
export interface BalanceRowFacts {
  readonly token: { readonly symbol: string; readonly address?: string | null; readonly isNative: boolean };
  readonly amount: { readonly value: string; readonly decimals: number };
}

export interface WrapBalances {
  readonly tlos: FixedAmount;
  readonly wtlos: FixedAmount;
  readonly tlosSymbol: string;
  readonly wtlosSymbol: string;
}

function amountOf(row: BalanceRowFacts): FixedAmount | null {
  return fromPlainString(row.amount.value, row.amount.decimals);
}

const zero: FixedAmount = { raw: 0n, decimals: WEI_DECIMALS };

/**
 * TLOS (the native coin) and WTLOS (the row whose contract is the network's
 * wrapped token: matched by address, never by symbol, so a look-alike token named
 * "WTLOS" cannot stand in for it). Null when the wrapped token has no row, i.e.
 * the network has none configured.
 */
export function pickWrapBalances(rows: readonly BalanceRowFacts[], wrappedContract: string): WrapBalances | null {
  const native = rows.find((row) => row.token.isNative);
  const wrapped = rows.find((row) => row.token.address?.toLowerCase() === wrappedContract.toLowerCase());
  if (wrapped === undefined) return null;
  return {
    tlos: (native && amountOf(native)) ?? zero,
    wtlos: amountOf(wrapped) ?? zero,
    tlosSymbol: native?.token.symbol ?? 'TLOS',
    wtlosSymbol: wrapped.token.symbol,
  };
}

/** The balance the amount comes out of: TLOS when wrapping, WTLOS when unwrapping. */
export function sourceBalance(direction: WrapDirection, balances: WrapBalances): FixedAmount {
  return direction === 'wrap' ? balances.tlos : balances.wtlos;
}

export function sourceSymbol(direction: WrapDirection, balances: WrapBalances): string {
  return direction === 'wrap' ? balances.tlosSymbol : balances.wtlosSymbol;
}

/**
 * Wei to keep for the fee when wrapping everything: twice the most the wallet may
 * charge (gas limit × gas price), so a rise of the gas price between Max and
 * Confirm does not make the transaction fail.
 */
export function feeReserveWei({ gasLimit, gasPrice }: { gasLimit: string; gasPrice: string }): bigint {
  return 2n * BigInt(gasLimit) * BigInt(gasPrice);
}

/** What Max fills in: all the WTLOS; all the TLOS but the fee reserve (never below zero). */
export function maxAmount(direction: WrapDirection, balances: WrapBalances, reserveWei: bigint): FixedAmount {
  if (direction === 'unwrap') return balances.wtlos;
  const left = balances.tlos.raw - reserveWei;
  return { raw: left > 0n ? left : 0n, decimals: balances.tlos.decimals };
}

/** Why an amount cannot be wrapped or unwrapped. */
export type AmountProblem =
  | { readonly kind: 'invalid'; readonly issue: ValidationIssue }
  | { readonly kind: 'zero' }
  /** Spec §5 "balance too low". */
  | { readonly kind: 'balance' }
  /** Within the TLOS balance, but not leaving the fee reserve. */
  | { readonly kind: 'feeRoom'; readonly max: FixedAmount };

export type AmountCheck = { readonly ok: true; readonly amount: FixedAmount } | { readonly ok: false; readonly problem: AmountProblem };

/**
 * The amount field: the decimal rules of `lib/validation` (18 decimals, the
 * locale's separators), more than zero, within the right balance, and when
 * wrapping with a known fee reserve, within what leaves room for the fee.
 */
export function checkWrapAmount(
  input: string,
  { direction, balances, separators, reserveWei }: { direction: WrapDirection; balances: WrapBalances; separators: NumberSeparators; reserveWei: bigint | null },
): AmountCheck {
  const parsed = parseAmount(input, WEI_DECIMALS, separators);
  if (!parsed.ok) return { ok: false, problem: { kind: 'invalid', issue: parsed.error } };
  const amount = parsed.value;
  if (amount.raw === 0n) return { ok: false, problem: { kind: 'zero' } };
  if (compareValue(amount, sourceBalance(direction, balances)) > 0) return { ok: false, problem: { kind: 'balance' } };
  if (direction === 'wrap' && reserveWei !== null) {
    const max = maxAmount(direction, balances, reserveWei);
    if (compareValue(amount, max) > 0) return { ok: false, problem: { kind: 'feeRoom', max } };
  }
  return { ok: true, amount };
}

function minus(a: FixedAmount, wei: bigint): FixedAmount {
  const raw = a.raw - wei;
  return { raw: raw > 0n ? raw : 0n, decimals: a.decimals };
}

function plus(a: FixedAmount, wei: bigint): FixedAmount {
  return { raw: a.raw + wei, decimals: a.decimals };
}

/**
 * The balances once the transaction is mined: wrapping moves `amount` from TLOS
 * to WTLOS, unwrapping back; TLOS also pays `feeWei` either way (0 before the
 * fee is known).
 */
export function balancesAfter(direction: WrapDirection, balances: WrapBalances, amount: FixedAmount, feeWei = 0n): { tlos: FixedAmount; wtlos: FixedAmount } {
  return direction === 'wrap'
    ? { tlos: minus(balances.tlos, amount.raw + feeWei), wtlos: plus(balances.wtlos, amount.raw) }
    : { tlos: minus(plus(balances.tlos, amount.raw), feeWei), wtlos: minus(balances.wtlos, amount.raw) };
}
