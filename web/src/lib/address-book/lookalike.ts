/**
 * Address poisoning: an attacker makes an address that starts and ends like one the
 * user knows (and sends it dust, so it shows in the history), hoping the user copies
 * it. A recipient that is not a known address but differs from one only in a few
 * characters, or shares its beginning and end, is flagged before anything is sent.
 */

import { sameAddress, type AddressKind } from './model';

/** How many characters may differ for an address to count as a look-alike. */
const MAX_EVM_DIFFERENCES = 4;
/** Characters at each end a poisoner copies (after 0x). */
const EVM_END_LENGTH = 4;
const MAX_NAME_EDITS = 2;
const MIN_NAME_LENGTH = 4;

function differences(a: string, b: string): number {
  let count = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) count += 1;
  return count;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Whether `candidate` imitates `known` (and is not it). */
export function isLookalike(kind: AddressKind, candidate: string, known: string): boolean {
  if (sameAddress(candidate, known)) return false;
  if (kind === 'native') {
    return Math.min(candidate.length, known.length) >= MIN_NAME_LENGTH && editDistance(candidate, known) <= MAX_NAME_EDITS;
  }
  const a = candidate.toLowerCase().slice(2);
  const b = known.toLowerCase().slice(2);
  if (a.length !== 40 || b.length !== 40) return false;
  const sameEnds = a.slice(0, EVM_END_LENGTH) === b.slice(0, EVM_END_LENGTH) && a.slice(-EVM_END_LENGTH) === b.slice(-EVM_END_LENGTH);
  return sameEnds || differences(a, b) <= MAX_EVM_DIFFERENCES;
}

/** The first of `known` that `candidate` imitates, if any. */
export function lookalikeOf(kind: AddressKind, candidate: string, known: readonly { readonly address: string; readonly name?: string | null }[]) {
  return known.find((item) => isLookalike(kind, candidate, item.address)) ?? null;
}
