/**
 * The EVM send form (spec §4 "Send", §5): which tokens can be sent, the recipient
 * and amount rules, the Max amount, and where a server rejection belongs. Plain
 * TypeScript so every rule is tested without React; SendForm.tsx renders it.
 *
 * The browser checks what it can know (address form and checksum, the token's
 * decimals, the exact balance) so the user sees the spec's message at once; the
 * server checks again when it prepares the transaction and adds what only the
 * chain knows (TLOS left for the fee, a transfer that would revert).
 */

import type { ParseKeys } from 'i18next';
import { fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { exactDisplay, formatAmount, type NumberSeparators } from '../../../lib/amount/format';
import { ApiError, isRecord } from '../../../lib/api/client';
import type { PrepareRequest } from '../../../lib/evm-wallet/api/prepareTransaction';
import { rejectedField } from '../../../lib/evm-wallet/api/prepareTransaction';
import type { PreparedTransaction } from '../../../lib/evm-wallet/transactions';
import { validateAmountInput } from '../../../lib/validation/amount';
import { validateEvmAddress } from '../../../lib/validation/evmAddress';
import type { BalancesView } from '../../../lib/api/evm/balances';

/** A token the account can send: the native coin or an ERC-20 it holds. */
export interface SendToken {
  /** The balance row's id (`symbol-address-network`). */
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly isNative: boolean;
  /** EIP-55 contract address; null for the native coin. */
  readonly address: string | null;
  /** The exact balance. */
  readonly available: FixedAmount;
  /** Price per token in the fiat currency; null without a current price. */
  readonly price: FixedAmount | null;
}

export type SendField = 'token' | 'to' | 'amount';

/** A message under a field: a text key and its values. */
export interface FieldProblem {
  readonly key: ParseKeys;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** The rows of the balance sheet that a send can move (NFTs have their own screen). */
export function sendTokens(balances: BalancesView): SendToken[] {
  return balances.balances
    .filter((row) => row.token.type === 'native' || row.token.type === 'erc20')
    .map((row) => {
      const price = row.priceAvailable ? fromPlainString(row.price) : null;
      return {
        id: row.token.id,
        symbol: row.token.symbol,
        name: row.token.name,
        decimals: row.token.decimals,
        isNative: row.token.isNative,
        address: row.token.address ?? null,
        available: { raw: BigInt(row.amount.raw), decimals: row.amount.decimals },
        price: price !== null && price.raw > 0n ? price : null,
      };
    });
}

/** The tokens a form offers: at least one, or there is no form. */
export type SendTokenList = readonly [SendToken, ...SendToken[]];

/**
 * The token to show: the one picked in the form, else the `?token=` symbol of a
 * Send link (any case), else the native coin, else the first one.
 */
export function pickToken(tokens: SendTokenList, pickedId: string | null, symbolParam: string | null): SendToken {
  const picked = pickedId === null ? undefined : tokens.find((token) => token.id === pickedId);
  if (picked) return picked;
  const wanted = symbolParam?.trim().toUpperCase();
  const bySymbol = wanted ? tokens.find((token) => token.symbol.toUpperCase() === wanted) : undefined;
  return bySymbol ?? tokens.find((token) => token.isNative) ?? tokens[0];
}

export interface SendFormInput {
  readonly to: string;
  readonly amount: string;
}

export interface SendFormCheck {
  readonly errors: Partial<Record<SendField, FieldProblem>>;
  /** Valid but worth a second look (lowercase address, own address, token contract). */
  readonly warnings: readonly FieldProblem[];
  /** The exact amount when it is valid. */
  readonly amount: FixedAmount | null;
  /** What to prepare on the server, when every field is valid. */
  readonly request: Extract<PrepareRequest, { kind: 'send' }> | null;
}

function sameAddress(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
}

/** The exact decimal text the server takes ('.' separator, no grouping). */
export function plainAmount(amount: FixedAmount): string {
  return formatAmount(amount, exactDisplay(amount.decimals), { decimal: '.', group: null });
}

/**
 * Checks the whole form. The recipient is trimmed first: a pasted address often
 * carries a space or a line break, which is not what the user meant to send to.
 */
export function checkSendForm(input: SendFormInput, token: SendToken, account: string, separators: NumberSeparators): SendFormCheck {
  const errors: Partial<Record<SendField, FieldProblem>> = {};
  const warnings: FieldProblem[] = [];

  const address = validateEvmAddress(input.to.trim());
  let recipient: string | null = null;
  if (address.ok) {
    recipient = address.value.checksummed;
    if (address.value.warning !== null) warnings.push({ key: address.value.warning });
    if (sameAddress(recipient, account)) warnings.push({ key: 'evm.send.warning_self' });
    if (sameAddress(recipient, token.address)) warnings.push({ key: 'evm.send.warning_token_contract', values: { symbol: token.symbol } });
  } else {
    errors.to = address.error;
  }

  const checked = validateAmountInput(input.amount, { decimals: token.decimals, separators, available: token.available });
  let amount: FixedAmount | null = null;
  if (!checked.ok) errors.amount = checked.error;
  else if (checked.value.raw === 0n) errors.amount = { key: 'validation.amount_positive' };
  else amount = checked.value;

  const request =
    recipient !== null && amount !== null
      ? {
          kind: 'send' as const,
          from: account,
          ...(token.isNative || token.address === null ? {} : { token: token.address }),
          to: recipient,
          amount: plainAmount(amount),
        }
      : null;
  return { errors, warnings, amount, request };
}

/** The amount as the user would type it in their locale: every digit, no grouping. */
export function amountInputText(amount: FixedAmount, separators: NumberSeparators): string {
  return formatAmount(amount, exactDisplay(amount.decimals), { decimal: separators.decimal, group: null });
}

/** Smallest unit of a token, the amount a fee estimate for Max is prepared with. */
export function smallestUnit(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
}

/**
 * What the wallet has to hold back for the fee: the gas limit it will sign with
 * (the estimate plus the server's margin) at the prepared gas price. The node
 * refuses a transaction whose value plus gas limit × gas price exceeds the balance.
 */
export function feeReserveWei(prepared: Pick<PreparedTransaction, 'gasLimit' | 'gasPrice'>): bigint {
  return BigInt(prepared.gasLimit) * BigInt(prepared.gasPrice);
}

/**
 * The largest amount that can be sent: the whole balance of a token; for the
 * native coin the balance minus the fee reserve (in wei), or null when the fee
 * takes all of it.
 */
export function maxSendable(token: Pick<SendToken, 'isNative' | 'available'>, reserveWei: bigint): FixedAmount | null {
  if (!token.isNative) return token.available;
  const scale = 10n ** BigInt(Math.max(0, 18 - token.available.decimals));
  const left = token.available.raw - (reserveWei + scale - 1n) / scale;
  return left > 0n ? { raw: left, decimals: token.available.decimals } : null;
}

/** amount × price, exact (the formatter rounds it to the fiat display). */
export function fiatValue(amount: FixedAmount, price: FixedAmount | null): FixedAmount | null {
  if (price === null) return null;
  return { raw: amount.raw * price.raw, decimals: amount.decimals + price.decimals };
}

/** `a + b` of two amounts of the same token. */
export function addAmounts(a: FixedAmount, b: FixedAmount): FixedAmount {
  const decimals = Math.max(a.decimals, b.decimals);
  const scale = (amount: FixedAmount) => amount.raw * 10n ** BigInt(decimals - amount.decimals);
  return { raw: scale(a) + scale(b), decimals };
}

/** A server rejection of the prepared send: which field it belongs under, its key, its values and its text. */
export interface ServerProblem {
  readonly field: SendField | null;
  readonly code: string;
  readonly message: string;
  readonly values: Readonly<Record<string, string | number>>;
}

const FORM_FIELDS: readonly SendField[] = ['token', 'to', 'amount'];

/**
 * Where a failed prepare belongs. A 400 names its body field (`details.field`);
 * "not enough TLOS for amount plus fee" names none but is the amount's problem,
 * the one thing the user can change about it. Anything else is the form's.
 */
export function serverProblem(error: unknown): ServerProblem {
  const field = rejectedField(error);
  const details = error instanceof ApiError && isRecord(error.details) ? error.details : {};
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  const code = error instanceof ApiError ? error.code : 'client.unexpected';
  const message = error instanceof Error ? error.message : String(error);
  const known = FORM_FIELDS.find((candidate) => candidate === field) ?? null;
  return { field: known ?? (code === 'evm.insufficient_funds' ? 'amount' : null), code, message, values };
}
