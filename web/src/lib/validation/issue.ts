/**
 * What a rule returns: a value, or the stable key of why it was rejected. The
 * keys are the ones the Rust domain crate reports as the API `code`
 * (crates/domain/src/error.rs), so a message reads the same whether the server
 * or the browser found the problem; they are also the i18n keys of the texts.
 */

export const VALIDATION_KEYS = [
  'validation.amount_required',
  'validation.invalid_number_format',
  'validation.negative_amount',
  'validation.too_many_decimals',
  'validation.value_too_large',
  'validation.unsupported_decimals',
  'validation.balance_too_low',
  'validation.account_required',
  'validation.account_name_characters',
  'validation.account_name_length',
  'validation.account_name_trailing_dot',
  'validation.account_name_basic',
  'validation.invalid_checksum_address',
  'antelope.contracts.error_address_required',
  'antelope.evm.error_invalid_address',
  'validation.invalid_hash',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** A non-blocking remark on an accepted value. */
export const VALIDATION_WARNING_KEYS = ['validation.address_lowercase'] as const;

export type ValidationWarningKey = (typeof VALIDATION_WARNING_KEYS)[number];

export interface ValidationIssue {
  readonly key: ValidationKey;
  /** Interpolation values of the message (i18next `count` picks the plural form). */
  readonly values?: Readonly<Record<string, number | string>>;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ValidationIssue };

export function accept<T>(value: T): Checked<T> {
  return { ok: true, value };
}

export function reject<T = never>(key: ValidationKey, values?: ValidationIssue['values']): Checked<T> {
  return { ok: false, error: values === undefined ? { key } : { key, values } };
}
