/**
 * Antelope account names as typed (spec §5), the same rule as the Rust
 * `validate_account_name` (crates/domain/src/validate/account.rs), pinned by
 * testdata/vectors/account_name.json. First failing check wins: empty, characters
 * outside a-z 1-5 '.', more than 12 characters, a trailing dot (the chain's
 * encoding drops it, so it would not be the name typed), and for a basic
 * (newly created) account exactly 12 characters with no dot.
 */

import { accept, reject, type Checked } from './issue';

export const MAX_ACCOUNT_NAME_LENGTH = 12;

/** `any`: an existing account; `basic`: one a user creates. */
export type AccountNameRule = 'any' | 'basic';

export function validateAccountName(name: string, rule: AccountNameRule = 'any'): Checked<string> {
  if (name === '') return reject('validation.account_required');
  if (!/^[a-z1-5.]+$/.test(name)) return reject('validation.account_name_characters');
  if (name.length > MAX_ACCOUNT_NAME_LENGTH) return reject('validation.account_name_length');
  if (name.endsWith('.')) return reject('validation.account_name_trailing_dot');
  if (rule === 'basic' && (name.length !== MAX_ACCOUNT_NAME_LENGTH || name.includes('.'))) {
    return reject('validation.account_name_basic');
  }
  return accept(name);
}
