/**
 * The revoke batch of spec §4 as a pure state machine: the server plans the selected
 * approvals (a transaction each, or why none), then they are processed one at a time
 * in the order shown — re-checked on chain just before each is sent (an approval
 * revoked meanwhile is skipped), signed in the wallet, and waited for until
 * confirmed — before the next one starts. runRevokeBatch.ts drives it.
 *
 * Rules (the choices the spec leaves open):
 * - Cancel never pulls back what the wallet already has: the item in the wallet is
 *   signed or rejected and, if sent, waited for; nothing after it is sent.
 * - A rejection in the wallet stops the batch (the user said no; asking for the next
 *   one at once would be pushy). It reads as a neutral message, not an error.
 * - A revert is reported on its row and the batch goes on: each revoke is its own
 *   transaction on its own contract, so one failing says nothing about the others,
 *   and stopping would leave approvals the user asked to remove in place.
 * - Any other failure (the wallet errors, the server cannot re-check, no receipt in
 *   time) stops the batch: the next item would most likely fail the same way.
 */

import type { ParseKeys } from 'i18next';
import type { PreparedTransaction, Receipt } from '../../../lib/evm-wallet/transactions';
import type { RevokePlan, SkipReason } from '../api/revokePlan';

export type ItemStatus =
  | { readonly kind: 'queued' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'signing' }
  | { readonly kind: 'pending'; readonly hash: string }
  | { readonly kind: 'confirmed'; readonly hash: string; readonly blockNumber: bigint }
  | { readonly kind: 'reverted'; readonly hash: string }
  | { readonly kind: 'skipped'; readonly reason: SkipReason; readonly detail: string | null }
  | { readonly kind: 'rejected'; readonly message: ParseKeys }
  | { readonly kind: 'failed'; readonly cause: string; readonly details: string | null; readonly hash: string | null }
  | { readonly kind: 'not_sent' };

export interface BatchItem {
  /** The row's batch id, `spender-token[-tokenId]`. */
  readonly id: string;
  /** The transaction the plan made for it; null when the plan skipped it. */
  readonly planned: PreparedTransaction | null;
  readonly status: ItemStatus;
}

export type BatchOutcome = 'completed' | 'cancelled' | 'rejected' | 'failed';

export interface BatchState {
  readonly phase: 'planning' | 'plan_failed' | 'ready' | 'running' | 'finished';
  /** The selected ids, in the order shown. */
  readonly selection: readonly string[];
  readonly items: readonly BatchItem[];
  readonly planError: string | null;
  /** Cancel was pressed: finish the item in the wallet, send nothing more. */
  readonly cancelRequested: boolean;
  readonly outcome: BatchOutcome | null;
}

export type BatchEvent =
  | { readonly type: 'plan'; readonly selection: readonly string[] }
  | { readonly type: 'planned'; readonly plan: RevokePlan }
  | { readonly type: 'plan_failed'; readonly cause: string }
  | { readonly type: 'start' }
  | { readonly type: 'checking'; readonly id: string }
  | { readonly type: 'skipped'; readonly id: string; readonly reason: SkipReason; readonly detail: string | null }
  | { readonly type: 'signing'; readonly id: string }
  | { readonly type: 'sent'; readonly id: string; readonly hash: string }
  | { readonly type: 'mined'; readonly id: string; readonly receipt: Receipt }
  | { readonly type: 'rejected'; readonly id: string; readonly message: ParseKeys }
  | { readonly type: 'failed'; readonly id: string; readonly cause: string; readonly details: string | null }
  /** Back to queued: the item was re-checked but cancel came before it reached the wallet. */
  | { readonly type: 'unqueue'; readonly id: string }
  | { readonly type: 'cancel' }
  | { readonly type: 'finish' };

export function planningState(selection: readonly string[]): BatchState {
  return { phase: 'planning', selection, items: [], planError: null, cancelRequested: false, outcome: null };
}

/** The plan laid over the selection: each selected id gets its transaction, or the reason it gets none. */
function itemsOf(selection: readonly string[], plan: RevokePlan): BatchItem[] {
  return selection.map((id) => {
    const planned = plan.transactions.find((entry) => entry.item === id);
    if (planned) return { id, planned: planned.transaction, status: { kind: 'queued' } };
    const skipped = plan.skipped.find((entry) => entry.item === id);
    return {
      id,
      planned: null,
      status: skipped
        ? { kind: 'skipped', reason: skipped.reason, detail: skipped.detail ?? null }
        : { kind: 'skipped', reason: 'read_failed', detail: null },
    };
  });
}

function updateItem(state: BatchState, id: string, change: (item: BatchItem) => ItemStatus | null): BatchState {
  if (state.phase !== 'running') return state;
  const index = state.items.findIndex((item) => item.id === id);
  const item = state.items[index];
  if (item === undefined) return state;
  const status = change(item);
  if (status === null) return state;
  return { ...state, items: state.items.map((other, at) => (at === index ? { ...item, status } : other)) };
}

const ACTIVE = new Set<ItemStatus['kind']>(['checking', 'signing', 'pending']);

function outcomeOf(items: readonly BatchItem[]): BatchOutcome {
  if (items.some((item) => item.status.kind === 'rejected')) return 'rejected';
  if (items.some((item) => item.status.kind === 'failed')) return 'failed';
  if (items.some((item) => item.status.kind === 'not_sent')) return 'cancelled';
  return 'completed';
}

export function batchReducer(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'plan':
      return planningState(event.selection);
    case 'planned':
      return state.phase === 'planning' ? { ...state, phase: 'ready', items: itemsOf(state.selection, event.plan) } : state;
    case 'plan_failed':
      return state.phase === 'planning' ? { ...state, phase: 'plan_failed', planError: event.cause } : state;
    case 'start':
      return state.phase === 'ready' ? { ...state, phase: 'running' } : state;
    case 'checking':
      return updateItem(state, event.id, (item) => (item.status.kind === 'queued' ? { kind: 'checking' } : null));
    case 'skipped':
      return updateItem(state, event.id, () => ({ kind: 'skipped', reason: event.reason, detail: event.detail }));
    case 'unqueue':
      return updateItem(state, event.id, (item) => (item.status.kind === 'checking' ? { kind: 'queued' } : null));
    case 'signing':
      return updateItem(state, event.id, (item) => (item.status.kind === 'checking' ? { kind: 'signing' } : null));
    case 'sent':
      return updateItem(state, event.id, (item) => (item.status.kind === 'signing' ? { kind: 'pending', hash: event.hash } : null));
    case 'mined':
      return updateItem(state, event.id, (item) => {
        if (item.status.kind !== 'pending') return null;
        return event.receipt.status === 'success'
          ? { kind: 'confirmed', hash: item.status.hash, blockNumber: event.receipt.blockNumber }
          : { kind: 'reverted', hash: item.status.hash };
      });
    case 'rejected':
      return updateItem(state, event.id, () => ({ kind: 'rejected', message: event.message }));
    case 'failed':
      return updateItem(state, event.id, (item) => ({
        kind: 'failed',
        cause: event.cause,
        details: event.details,
        hash: item.status.kind === 'pending' ? item.status.hash : null,
      }));
    case 'cancel':
      return state.phase === 'running' ? { ...state, cancelRequested: true } : state;
    case 'finish': {
      if (state.phase !== 'running') return state;
      const items = state.items.map((item) =>
        item.status.kind === 'queued' || ACTIVE.has(item.status.kind) ? { ...item, status: { kind: 'not_sent' } as const } : item,
      );
      return { ...state, phase: 'finished', items, outcome: outcomeOf(items) };
    }
  }
}

/** The item to process next, or null when the batch must stop (finished, cancelled, or stopped by a rejection or failure). */
export function nextToSend(state: BatchState): string | null {
  if (state.phase !== 'running' || state.cancelRequested) return null;
  if (state.items.some((item) => item.status.kind === 'rejected' || item.status.kind === 'failed')) return null;
  return state.items.find((item) => item.status.kind === 'queued')?.id ?? null;
}

export interface BatchProgress {
  /** Transactions the plan made (the "m" of "n of m"). */
  readonly total: number;
  /** 1-based position of the item being processed, or null between items. */
  readonly current: number | null;
  readonly currentId: string | null;
  /** Planned items that are through (confirmed, reverted, skipped on re-check, rejected, failed, not sent). */
  readonly done: number;
  readonly confirmed: number;
  readonly reverted: number;
}

export function progress(state: BatchState): BatchProgress {
  const planned = state.items.filter((item) => item.planned !== null);
  const index = planned.findIndex((item) => ACTIVE.has(item.status.kind));
  const count = (kind: ItemStatus['kind']) => planned.filter((item) => item.status.kind === kind).length;
  return {
    total: planned.length,
    current: index === -1 ? null : index + 1,
    currentId: planned[index]?.id ?? null,
    done: planned.filter((item) => item.status.kind !== 'queued' && !ACTIVE.has(item.status.kind)).length,
    confirmed: count('confirmed'),
    reverted: count('reverted'),
  };
}

/** The planned fees added up exactly, in wei. */
export function plannedFeeWei(state: BatchState): bigint {
  return state.items.reduce((sum, item) => sum + (item.planned === null ? 0n : BigInt(item.planned.fee.wei)), 0n);
}

/** The plan made no transaction at all: every selected approval was already gone. */
export function nothingToSend(state: BatchState): boolean {
  return state.phase === 'ready' && state.items.every((item) => item.planned === null);
}

/** While the wallet or the chain has one of the batch's transactions, the dialog must not close. */
export function isBusy(state: BatchState): boolean {
  return state.phase === 'planning' || state.phase === 'running';
}
