/**
 * Exact fixed-point amounts: a bigint count of the smallest unit plus the number
 * of decimals, mirroring the Rust `Amount` (crates/domain/src/amount). Never a
 * float: token balances go up to 2^256 - 1 wei, far beyond what a `number` holds.
 */

/** The largest number of decimals a 256-bit amount can scale by (10^77 < 2^256 < 10^78). */
export const MAX_DECIMALS = 77;

/** 2^256 - 1: the largest raw amount, and the "unlimited" ERC-20 allowance. */
export const MAX_UINT256 = (1n << 256n) - 1n;

/** `raw / 10^decimals`; raw is never negative and never above {@link MAX_UINT256}. */
export interface FixedAmount {
  readonly raw: bigint;
  readonly decimals: number;
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

export function isSupportedDecimals(decimals: number): boolean {
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= MAX_DECIMALS;
}

/** An amount of `raw` smallest units; throws a RangeError for values no chain amount can have. */
export function fixedAmount(raw: bigint, decimals: number): FixedAmount {
  if (!isSupportedDecimals(decimals)) throw new RangeError(`${decimals} decimals are not supported`);
  if (raw < 0n || raw > MAX_UINT256) throw new RangeError('amount outside 0..2^256-1');
  return { raw, decimals };
}

/** True for the max-allowance constant 2^256 - 1, which the UI shows as unlimited. */
export function isUnlimited(amount: FixedAmount): boolean {
  return amount.raw === MAX_UINT256;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads the exact decimal text the server sends ("1234.5678": '.' separator, no
 * grouping). The decimals are the fraction digits present, or `decimals` when
 * given (the text may then carry fewer, never more). Null when it is not such text.
 */
export function fromPlainString(text: string, decimals?: number): FixedAmount | null {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const integer = match[1] ?? '0';
  const fraction = match[2] ?? '';
  const scale = decimals ?? fraction.length;
  if (!isSupportedDecimals(scale) || fraction.length > scale) return null;
  const raw = BigInt(integer + fraction.padEnd(scale, '0'));
  return raw > MAX_UINT256 ? null : { raw, decimals: scale };
}

/** The exact value as text: '.' separator, no grouping, no trailing zeros. */
export function toPlainString(amount: FixedAmount): string {
  const digits = amount.raw.toString().padStart(amount.decimals + 1, '0');
  const integer = digits.slice(0, digits.length - amount.decimals);
  const fraction = digits.slice(digits.length - amount.decimals).replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** Compares the values exactly, whatever the decimals: -1, 0 or 1. */
export function compareValue(a: FixedAmount, b: FixedAmount): -1 | 0 | 1 {
  const scale = Math.max(a.decimals, b.decimals);
  const left = a.raw * pow10(scale - a.decimals);
  const right = b.raw * pow10(scale - b.decimals);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The exact sum, at the larger number of decimals. */
export function addAmounts(a: FixedAmount, b: FixedAmount): FixedAmount {
  const scale = Math.max(a.decimals, b.decimals);
  return fixedAmount(a.raw * pow10(scale - a.decimals) + b.raw * pow10(scale - b.decimals), scale);
}
