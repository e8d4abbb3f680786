/**
 * Amounts typed by a user, the same rules as the Rust `parse_amount`
 * (crates/domain/src/amount/parse.rs) and pinned by testdata/vectors/amount_parse.json:
 *
 * - surrounding whitespace is ignored; nothing left is "Amount required";
 * - a leading '-' before digits is a negative amount (rejected);
 * - only ASCII digits, the locale's decimal separator (once) and its group
 *   separator (integer part only: a first group of 1-3 digits, then groups of
 *   exactly 3) are accepted, else "Invalid number format". A space-like group
 *   separator accepts every space form users type (plain, no-break, narrow);
 * - more fraction digits than the token has are rejected even when they are zeros;
 * - the value must fit 2^256 - 1 smallest units.
 */

import { compareValue, isSupportedDecimals, MAX_UINT256, type FixedAmount } from '../amount/fixedAmount';
import type { NumberSeparators } from '../amount/format';
import { accept, reject, type Checked } from './issue';

const SPACES = [' ', '\u00a0', '\u202f'];

// Rust's `str::trim` strips Unicode White_Space; JS `trim()` differs on U+0085 and U+FEFF.
const SURROUNDING_WHITESPACE = /^\p{White_Space}+|\p{White_Space}+$/gu;

const DIGITS = /^[0-9]*$/;

function isGroup(char: string, group: string | null): boolean {
  if (group === null) return false;
  return SPACES.includes(group) ? SPACES.includes(char) : char === group;
}

/** The integer digits without separators, or null when the grouping is malformed. */
function integerDigits(text: string, group: string | null): string | null {
  const groups: string[] = [];
  let current = '';
  for (const char of text) {
    if (isGroup(char, group)) {
      groups.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  groups.push(current);
  const [first = '', ...rest] = groups;
  const wellFormed =
    groups.every((digits) => DIGITS.test(digits)) &&
    (rest.length === 0 || (first.length >= 1 && first.length <= 3 && rest.every((digits) => digits.length === 3)));
  return wellFormed ? groups.join('') : null;
}

export function parseAmount(input: string, decimals: number, separators: NumberSeparators): Checked<FixedAmount> {
  if (!isSupportedDecimals(decimals)) return reject('validation.unsupported_decimals', { decimals });
  const text = input.replace(SURROUNDING_WHITESPACE, '');
  if (text === '') return reject('validation.amount_required');
  if (text.startsWith('-')) {
    // "-" followed by something number-like is a negative amount; anything else is malformed.
    return /[0-9]/.test(text) ? reject('validation.negative_amount') : reject('validation.invalid_number_format');
  }
  const parts = text.split(separators.decimal);
  if (parts.length > 2) return reject('validation.invalid_number_format');
  const integer = integerDigits(parts[0] ?? '', separators.group);
  const fraction = parts[1] ?? '';
  if (integer === null || !DIGITS.test(fraction) || (integer === '' && fraction === '')) {
    return reject('validation.invalid_number_format');
  }
  if (fraction.length > decimals) return reject('validation.too_many_decimals', { count: decimals });
  const raw = BigInt(`${integer || '0'}${fraction.padEnd(decimals, '0')}`);
  if (raw > MAX_UINT256) return reject('validation.value_too_large');
  return accept({ raw, decimals });
}

/** Spec §5 "balance too low": the amount must not exceed what is available. */
export function ensureWithinBalance(amount: FixedAmount, available: FixedAmount): Checked<FixedAmount> {
  return compareValue(amount, available) > 0 ? reject('validation.balance_too_low') : accept(amount);
}

/** An amount field of a send form: parsed, then checked against the balance when one is known. */
export function validateAmountInput(
  input: string,
  { decimals, separators, available }: { decimals: number; separators: NumberSeparators; available?: FixedAmount | null },
): Checked<FixedAmount> {
  const parsed = parseAmount(input, decimals, separators);
  if (!parsed.ok || available === undefined || available === null) return parsed;
  return ensureWithinBalance(parsed.value, available);
}
