/**
 * The system contract's actions behind the staking, resource and voting screens (issue 32,
 * ADR 0038), built from what the user typed and checked before anything is signed: the
 * same rules the contract applies (read from its refusals on the devnet), in the user's
 * words. Quantities are exact asset text ("10.0000 TLOS"); nothing here calls a server.
 */

import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NumberSeparators } from '../../../lib/amount/format';
import { validateAccountName } from '../../../lib/validation/accountName';
import { validateAmountInput } from '../../../lib/validation/amount';
import type { NativeActionRequest } from './nativeSession';
import { assetQuantity, type FieldError } from './transferForm';

/** `voteproducer` takes at most this many producers. */
export const MAX_VOTED_PRODUCERS = 30;
/** `buyrex` needs a proxy, or a direct vote for at least this many producers. */
export const REX_MIN_VOTED_PRODUCERS = 21;

const SYSTEM = 'eosio';

function action(name: string, data: Record<string, unknown>): NativeActionRequest {
  return { contract: SYSTEM, name, data };
}

/** What an account's vote is now: a proxy (empty for none) and producers voted for directly. */
export interface VoteState {
  readonly proxy: string | null | undefined;
  readonly producers: readonly string[];
}

/** Whether the account may buy REX with the vote it has. */
export function mayBuyRex(vote: VoteState): boolean {
  return (vote.proxy ?? '') !== '' || vote.producers.length >= REX_MIN_VOTED_PRODUCERS;
}

/** Stake into REX: `deposit` then `buyrex`, after a `voteproducer` for `proxy` when the vote must come first. */
export function rexStakeActions(owner: string, quantity: string, proxy: string | null): NativeActionRequest[] {
  const vote = proxy === null ? [] : [proxyVoteAction(owner, proxy)];
  return [...vote, action('deposit', { owner, amount: quantity }), action('buyrex', { from: owner, amount: quantity })];
}

/** Unstake from REX: `sellrex` of the REX, then `withdraw` of what the sale pays into the REX fund. */
export function rexUnstakeActions(owner: string, rex: string, proceeds: string): NativeActionRequest[] {
  return [action('sellrex', { from: owner, rex }), action('withdraw', { owner, amount: proceeds })];
}

/** Stake CPU and NET for `receiver`; `transfer` gives the tokens to the receiver for good. */
export function delegateAction(from: string, receiver: string, cpu: string, net: string, transfer: boolean): NativeActionRequest {
  return action('delegatebw', { from, receiver, stake_net_quantity: net, stake_cpu_quantity: cpu, transfer });
}

/** Unstake CPU and NET from `receiver`: the tokens come back to `from` after the refund delay. */
export function undelegateAction(from: string, receiver: string, cpu: string, net: string): NativeActionRequest {
  return action('undelegatebw', { from, receiver, unstake_net_quantity: net, unstake_cpu_quantity: cpu });
}

/** Claim unstaked CPU and NET once the refund delay has passed. */
export function refundAction(owner: string): NativeActionRequest {
  return action('refund', { owner });
}

export function buyRamAction(payer: string, receiver: string, quantity: string): NativeActionRequest {
  return action('buyram', { payer, receiver, quant: quantity });
}

export function sellRamAction(account: string, bytes: number): NativeActionRequest {
  return action('sellram', { account, bytes });
}

/** A direct vote: the producers in the order the contract requires (ascending names, no repeats). */
export function producerVoteAction(voter: string, producers: readonly string[]): NativeActionRequest {
  return action('voteproducer', { voter, proxy: '', producers: sortedProducers(producers) });
}

export function proxyVoteAction(voter: string, proxy: string): NativeActionRequest {
  return action('voteproducer', { voter, proxy, producers: [] });
}

/**
 * The contract wants producers sorted by their 64-bit name value without repeats. For
 * valid names that is plain string order: '.' < '1'…'5' < 'a'…'z' in ASCII as in the
 * name encoding, and a shorter name sorts first as its missing characters encode as 0.
 */
export function sortedProducers(producers: readonly string[]): string[] {
  return [...new Set(producers)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A checked field: its value, or why it was refused (the key of the message). */
export type FieldCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: FieldError };

/**
 * An amount of the system token the user typed, exact, positive and within `available`
 * (a bare `{ decimals, available: null }` checks the amount alone).
 */
export function checkQuantity(
  input: string,
  limit: FixedAmount | { readonly decimals: number; readonly available: null },
  symbol: string,
  separators: NumberSeparators,
): FieldCheck<string> {
  const available = 'raw' in limit ? limit : null;
  const amount = validateAmountInput(input, { decimals: limit.decimals, separators, available });
  if (!amount.ok) return amount;
  if (amount.value.raw === 0n) return { ok: false, error: { key: 'stake.error_amount_zero' } };
  return { ok: true, value: assetQuantity(amount.value, symbol) };
}

/**
 * CPU and NET amounts for a stake or an unstake: each may be empty (zero), not both; each
 * within its own limit, and together within `total` (the liquid balance to stake from).
 */
export function checkBandwidth(
  input: { readonly cpu: string; readonly net: string },
  limits: { readonly cpu: FixedAmount; readonly net: FixedAmount; readonly total: FixedAmount | null },
  symbol: string,
  separators: NumberSeparators,
): { readonly ok: true; readonly cpu: string; readonly net: string } | { readonly ok: false; readonly errors: Partial<Record<'cpu' | 'net', FieldError>> } {
  const errors: Partial<Record<'cpu' | 'net', FieldError>> = {};
  const read = (text: string, limit: FixedAmount, field: 'cpu' | 'net'): bigint => {
    if (text.trim() === '') return 0n;
    const amount = validateAmountInput(text, { decimals: limit.decimals, separators, available: limit });
    if (!amount.ok) {
      errors[field] = amount.error;
      return 0n;
    }
    return amount.value.raw;
  };
  const cpu = read(input.cpu, limits.cpu, 'cpu');
  const net = read(input.net, limits.net, 'net');
  if (errors.cpu !== undefined || errors.net !== undefined) return { ok: false, errors };
  if (cpu === 0n && net === 0n) return { ok: false, errors: { cpu: { key: 'stake.error_bandwidth_zero' } } };
  if (limits.total !== null && cpu + net > limits.total.raw) return { ok: false, errors: { cpu: { key: 'validation.balance_too_low' } } };
  const decimals = limits.cpu.decimals;
  return {
    ok: true,
    cpu: assetQuantity({ raw: cpu, decimals }, symbol),
    net: assetQuantity({ raw: net, decimals }, symbol),
  };
}

/** RAM bytes to sell: a whole positive number, no more than the account's unused RAM. */
export function checkRamBytes(input: string, unused: number): FieldCheck<number> {
  const text = input.trim().replace(/[\s,_]/g, '');
  if (text === '') return { ok: false, error: { key: 'validation.amount_required' } };
  if (!/^\d+$/.test(text)) return { ok: false, error: { key: 'stake.error_bytes_whole' } };
  const bytes = Number(text);
  if (!Number.isSafeInteger(bytes) || bytes === 0) return { ok: false, error: { key: 'stake.error_bytes_whole' } };
  if (bytes > unused) return { ok: false, error: { key: 'stake.error_bytes_unused', values: { unused } } };
  return { ok: true, value: bytes };
}

/** A receiver account for a stake or a RAM purchase (the account itself when left empty). */
export function checkReceiver(input: string, self: string): FieldCheck<string> {
  const name = input.trim();
  if (name === '') return { ok: true, value: self };
  const valid = validateAccountName(name);
  return valid.ok ? { ok: true, value: name } : valid;
}

/**
 * A direct vote: at most 30 producers, each registered and active on the chain; while the
 * account holds REX, at least 21 of them (the contract refuses fewer: "voter holding REX
 * tokens must vote for at least 21 producers or for a proxy").
 */
export function checkVote(chosen: readonly string[], registered: ReadonlyMap<string, boolean>, holdsRex: boolean): FieldCheck<string[]> {
  const producers = sortedProducers(chosen);
  if (producers.length > MAX_VOTED_PRODUCERS) return { ok: false, error: { key: 'stake.vote.error_too_many', values: { max: MAX_VOTED_PRODUCERS } } };
  for (const producer of producers) {
    const active = registered.get(producer);
    if (active === undefined) return { ok: false, error: { key: 'stake.vote.error_not_producer', values: { account: producer } } };
    if (!active) return { ok: false, error: { key: 'stake.vote.error_inactive', values: { account: producer } } };
  }
  if (holdsRex && producers.length < REX_MIN_VOTED_PRODUCERS) {
    return { ok: false, error: { key: 'stake.vote.error_rex_holder', values: { count: REX_MIN_VOTED_PRODUCERS } } };
  }
  return { ok: true, value: producers };
}
