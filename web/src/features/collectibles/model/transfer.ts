/**
 * Who may transfer a collectible from this page, and the transfer form's checks
 * (spec §5): the recipient through the shared EVM address rule (Invalid address,
 * Invalid checksum address, Address is lowercase, verify it), the quantity of an
 * ERC-1155 a whole number from 1 to the amount held ("Balance too low" above it).
 * The server checks all of it again when it prepares the transaction.
 */

import type { Message } from '../../../lib/notify/toastStore';
import type { ValidationWarningKey } from '../../../lib/validation/issue';
import { validateEvmAddress } from '../../../lib/validation/evmAddress';
import { sameAddress } from './details';

export interface WalletFacts {
  readonly account: string | null;
  readonly isViewer: boolean;
  readonly canSign: boolean;
}

export type TransferAccess =
  /** The connected wallet holds `held` of it: show the form. */
  | { readonly kind: 'form'; readonly held: bigint }
  /** Nobody is logged in, the session is read-only, or its wallet is not connected in this tab. */
  | { readonly kind: 'connect'; readonly reason: 'anonymous' | 'viewer' | 'reconnect' }
  | { readonly kind: 'not_owner'; readonly account: string };

export function transferAccess(held: bigint, wallet: WalletFacts): TransferAccess {
  if (wallet.account === null) return { kind: 'connect', reason: 'anonymous' };
  if (wallet.isViewer) return { kind: 'connect', reason: 'viewer' };
  if (!wallet.canSign) return { kind: 'connect', reason: 'reconnect' };
  return held > 0n ? { kind: 'form', held } : { kind: 'not_owner', account: wallet.account };
}

export interface TransferInput {
  readonly recipient: string;
  /** Ignored for ERC-721 (always 1). */
  readonly quantity: string;
}

export interface TransferTarget {
  readonly standard: 'erc721' | 'erc1155';
  readonly from: string;
  readonly held: bigint;
}

export interface CheckedTransfer {
  /** EIP-55. */
  readonly to: string;
  /** Decimal; only for ERC-1155. */
  readonly quantity: string | null;
  readonly warning: ValidationWarningKey | null;
}

export type TransferErrors = Partial<Record<'recipient' | 'quantity', Message>>;

export type TransferCheck = { readonly ok: true; readonly value: CheckedTransfer } | { readonly ok: false; readonly errors: TransferErrors };

const ZERO_ADDRESS = /^0x0{40}$/i;

export function checkRecipient(text: string, from: string): { ok: true; to: string; warning: ValidationWarningKey | null } | { ok: false; error: Message } {
  const checked = validateEvmAddress(text.trim());
  if (!checked.ok) return { ok: false, error: { key: checked.error.key, ...(checked.error.values ? { values: checked.error.values } : {}) } };
  if (ZERO_ADDRESS.test(checked.value.checksummed)) return { ok: false, error: { key: 'collectibles.transfer.zero_address' } };
  if (sameAddress(checked.value.checksummed, from)) return { ok: false, error: { key: 'collectibles.transfer.own_address' } };
  return { ok: true, to: checked.value.checksummed, warning: checked.value.warning };
}

/** A whole number from 1 to `held`, as decimal text without leading zeros. */
export function checkQuantity(text: string, held: bigint): { ok: true; quantity: string } | { ok: false; error: Message } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: { key: 'collectibles.transfer.quantity_required' } };
  if (!/^\d+$/.test(trimmed) || BigInt(trimmed) === 0n) return { ok: false, error: { key: 'collectibles.transfer.quantity_whole' } };
  const quantity = BigInt(trimmed);
  if (quantity > held) return { ok: false, error: { key: 'collectibles.transfer.quantity_above_held', values: { held: held.toString() } } };
  return { ok: true, quantity: quantity.toString() };
}

export function checkTransfer(input: TransferInput, target: TransferTarget): TransferCheck {
  const errors: TransferErrors = {};
  const recipient = checkRecipient(input.recipient, target.from);
  if (!recipient.ok) errors.recipient = recipient.error;
  let quantity: string | null = null;
  if (target.standard === 'erc1155') {
    const checked = checkQuantity(input.quantity, target.held);
    if (checked.ok) quantity = checked.quantity;
    else errors.quantity = checked.error;
  }
  if (!recipient.ok || errors.quantity !== undefined) return { ok: false, errors };
  return { ok: true, value: { to: recipient.to, quantity, warning: recipient.warning } };
}

/** The errors without `field`'s (the user is fixing it). */
export function withoutError(errors: TransferErrors, field: keyof TransferErrors): TransferErrors {
  const { recipient, quantity } = errors;
  return {
    ...(field === 'recipient' || recipient === undefined ? {} : { recipient }),
    ...(field === 'quantity' || quantity === undefined ? {} : { quantity }),
  };
}
