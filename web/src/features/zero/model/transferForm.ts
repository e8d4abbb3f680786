/**
 * The native transfer form (spec §5): recipient account name, amount with the
 * token's exact precision and within the balance, memo. The result is the exact
 * `quantity` text the token contract takes ("1.2500 TLOS").
 */

import type { ParseKeys } from 'i18next';
import { pow10, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { validateAccountName } from '../../../lib/validation/accountName';
import { validateAmountInput } from '../../../lib/validation/amount';
import type { NativeActionRequest } from './nativeSession';

/** eosio.token refuses memos over 256 bytes. */
export const MAX_MEMO_BYTES = 256;

export interface TransferToken {
  readonly contract: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly available: FixedAmount;
}

export interface TransferFormInput {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly memo: string;
}

export interface FieldError {
  readonly key: ParseKeys;
  readonly values?: Readonly<Record<string, number | string>>;
}

export interface TransferRequest {
  readonly contract: string;
  readonly from: string;
  readonly to: string;
  /** Exact asset text with every decimal of the token. */
  readonly quantity: string;
  readonly memo: string;
}

/** The token contract's `transfer` action of a request. */
export function transferAction(request: TransferRequest): NativeActionRequest {
  return {
    contract: request.contract,
    name: 'transfer',
    data: { from: request.from, to: request.to, quantity: request.quantity, memo: request.memo },
  };
}

export type TransferFormResult =
  | { readonly ok: true; readonly value: TransferRequest }
  | { readonly ok: false; readonly errors: Partial<Record<'to' | 'amount' | 'memo', FieldError>> };

/** `raw / 10^decimals` with every decimal, then the symbol: the chain's asset text. */
export function assetQuantity(amount: FixedAmount, symbol: string): string {
  const scale = pow10(amount.decimals);
  const integer = (amount.raw / scale).toString();
  if (amount.decimals === 0) return `${integer} ${symbol}`;
  const fraction = (amount.raw % scale).toString().padStart(amount.decimals, '0');
  return `${integer}.${fraction} ${symbol}`;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

export function validateTransferForm(
  input: TransferFormInput,
  token: TransferToken,
  separators: NumberSeparators,
): TransferFormResult {
  const errors: Partial<Record<'to' | 'amount' | 'memo', FieldError>> = {};
  const to = input.to.trim();
  const name = validateAccountName(to);
  if (!name.ok) errors.to = name.error;
  else if (to === input.from) errors.to = { key: 'zero.transfer.error_to_self' };

  const amount = validateAmountInput(input.amount, { decimals: token.decimals, separators, available: token.available });
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.value.raw === 0n) errors.amount = { key: 'zero.transfer.error_amount_zero' };

  if (utf8Length(input.memo) > MAX_MEMO_BYTES) errors.memo = { key: 'zero.transfer.error_memo_too_long', values: { count: MAX_MEMO_BYTES } };

  if (!amount.ok || errors.to || errors.amount || errors.memo) return { ok: false, errors };
  return {
    ok: true,
    value: { contract: token.contract, from: input.from, to, quantity: assetQuantity(amount.value, token.symbol), memo: input.memo },
  };
}
