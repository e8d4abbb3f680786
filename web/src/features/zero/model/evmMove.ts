/**
 * Moving TLOS between the account's two halves (ADR 0035): the form's checks, what each
 * leg signs from the server's plan, and the record of a two-leg move kept in the browser
 * so a move interrupted after its EVM leg can be finished after a reload — never a move
 * lost in the middle. Plain TS: tested without React.
 */

import type { ParseKeys } from 'i18next';
import { toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { reservedAccount } from '../../../lib/antelope/evmMove';
import { trySetItem, type StorageLike } from '../../../lib/storage';
import { validateAccountName } from '../../../lib/validation/accountName';
import { validateAmountInput } from '../../../lib/validation/amount';
import { validateEvmAddress } from '../../../lib/validation/evmAddress';
import type { MoveAction, MoveBody } from '../api/evmMove';
import type { NativeActionRequest } from './nativeSession';

export type MoveDirection = 'toEvm' | 'toZero';

export interface MoveFormInput {
  readonly direction: MoveDirection;
  readonly amount: string;
  readonly to: string;
}

export interface MoveContext {
  /** The native account that signs the native leg. */
  readonly account: string;
  /** The EVM address TLOS leaves from (toZero): the signed-in EVM account. */
  readonly evmFrom: string | null;
  /** TLOS the direction's source holds: liquid native TLOS, or the EVM address's TLOS. */
  readonly available: FixedAmount;
  readonly decimals: number;
}

export interface MoveFieldError {
  readonly key: ParseKeys;
  readonly values?: Readonly<Record<string, number | string>>;
}

export type MoveFormResult =
  | { readonly ok: true; readonly value: MoveBody }
  | { readonly ok: false; readonly errors: Partial<Record<'to' | 'amount', MoveFieldError>> };

/** Checks the form before the server is asked; the server checks again against the chain. */
export function validateMoveForm(input: MoveFormInput, context: MoveContext, separators: NumberSeparators): MoveFormResult {
  const errors: Partial<Record<'to' | 'amount', MoveFieldError>> = {};
  const to = input.to.trim();
  if (input.direction === 'toEvm') {
    const address = validateEvmAddress(to);
    if (!address.ok) errors.to = address.error;
    else if (/^0x0{40}$/i.test(to)) errors.to = { key: 'move.error_zero_address' };
    else {
      const native = reservedAccount(to);
      if (native !== null) errors.to = { key: 'move.error_reserved_address', values: { account: native } };
    }
  } else {
    const name = validateAccountName(to);
    if (!name.ok) errors.to = name.error;
    if (context.evmFrom === null) errors.to = { key: 'move.error_no_evm_session' };
  }
  const amount = validateAmountInput(input.amount, { decimals: context.decimals, separators, available: context.available });
  if (!amount.ok) errors.amount = amount.error;
  else if (amount.value.raw === 0n) errors.amount = { key: 'move.error_amount_zero' };
  if (!amount.ok || errors.to !== undefined || errors.amount !== undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      direction: input.direction,
      account: context.account,
      amount: toPlainString(amount.value),
      to,
      ...(input.direction === 'toZero' && context.evmFrom !== null ? { evmFrom: context.evmFrom } : {}),
    },
  };
}

/** Who receives a planned move: the deposit memo's address (toEvm) or the last action's `to` (toZero). */
export function moveDestination(direction: MoveDirection, actions: readonly MoveAction[], account: string): string {
  const data = actions.at(-1)?.data ?? {};
  const field = direction === 'toEvm' ? data.memo : data.to;
  return typeof field === 'string' && field !== '' ? field : account;
}

/** The native leg's actions as the wallet builds them. */
export function nativeActionsOf(actions: readonly MoveAction[]): NativeActionRequest[] {
  return actions.map((action) => ({ contract: action.contract, name: action.name, data: action.data }));
}

/**
 * The most TLOS the EVM leg can send: the address's TLOS less the network fee (the gas
 * limit times its price), or zero when the fee takes it all.
 */
export function maxAfterFee(balanceWei: bigint, feeWei: bigint, decimals: number): FixedAmount {
  const spendable = balanceWei > feeWei ? balanceWei - feeWei : 0n;
  const unit = 10n ** BigInt(18 - decimals);
  return { raw: spendable / unit, decimals };
}

/**
 * Whether a move's fees eat what it moves: the EVM leg's network fee (wei) is at least
 * the amount (wei). Such a move is refused before signing.
 */
export function feesExceedAmount(amountWei: bigint, feeWei: bigint): boolean {
  return feeWei >= amountWei;
}

/** A two-leg move whose EVM leg was sent: what finishing it needs, kept until its native leg is done. */
export interface PendingMove {
  readonly network: string;
  readonly account: string;
  /** The recipient of the native leg. */
  readonly to: string;
  /** Plain decimal text. */
  readonly amount: string;
  /** "12.5000 TLOS". */
  readonly quantity: string;
  readonly linkedAddress: string;
  readonly evmNetwork: string;
  readonly evmHash: string;
  readonly startedAt: number;
}

const pendingKey = (network: string, account: string) => `tandem.move.pending.${network}.${account}`;

function isPendingMove(value: unknown): value is PendingMove {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['network', 'account', 'to', 'amount', 'quantity', 'linkedAddress', 'evmNetwork', 'evmHash'].every((field) => typeof record[field] === 'string')
    && typeof record.startedAt === 'number';
}

export function readPendingMove(storage: StorageLike | null, network: string, account: string): PendingMove | null {
  const text = storage?.getItem(pendingKey(network, account)) ?? null;
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPendingMove(value) && value.network === network && value.account === account ? value : null;
  } catch {
    return null;
  }
}

export function savePendingMove(storage: StorageLike | null, move: PendingMove): void {
  trySetItem(storage, pendingKey(move.network, move.account), JSON.stringify(move));
}

export function clearPendingMove(storage: StorageLike | null, network: string, account: string): void {
  storage?.removeItem(pendingKey(network, account));
}

/** The finishing leg of a pending move: the same move, from the linked address, so only the native leg is left. */
export function finishingBody(move: PendingMove): MoveBody {
  return { direction: 'toZero', account: move.account, amount: move.amount, to: move.to, evmFrom: move.linkedAddress };
}
