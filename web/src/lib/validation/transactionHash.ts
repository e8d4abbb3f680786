/**
 * A transaction hash as pasted (spec §5: a hash is `0x` plus hex), at the length of a
 * Keccak-256 hash: `0x` and exactly 64 hex characters, any case, answered in lower
 * case. The same rule as the Rust `validate_transaction_hash`
 * (crates/domain/src/validate/address.rs), pinned by testdata/vectors/transaction_hash.json.
 * Nothing is trimmed here: a form trims what a paste carries around the hash.
 */

import { accept, reject, type Checked } from './issue';

const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;

export function validateTransactionHash(input: string): Checked<string> {
  return TRANSACTION_HASH.test(input) ? accept(input.toLowerCase()) : reject('validation.invalid_hash');
}
