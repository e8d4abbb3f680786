/**
 * Runs a planned revoke batch (revokeBatch.ts) through the wallet, one transaction at
 * a time, and says what to tell the user at the end. Plain TS with its input and
 * output passed in (re-check, send, receipt), so the rules are tested without a
 * browser; useRevokeBatch.ts gives it the server and the connected wallet.
 */

import type { ParseKeys } from 'i18next';
import { ApiError } from '../../../lib/api/client';
import { translate } from '../../../lib/i18n/i18n';
import { failureMessage } from '../../../lib/evm-wallet/transactionFlow';
import { WalletMismatchError, type PreparedTransaction, type Receipt } from '../../../lib/evm-wallet/transactions';
import { rawErrorText } from '../../../lib/notify/errorText';
import type { Message } from '../../../lib/notify/toastStore';
import { classifyWalletError } from '../../../lib/wallet/walletErrors';
import type { SkipReason } from '../api/revokePlan';
import { batchReducer, nextToSend, progress, type BatchEvent, type BatchState } from './revokeBatch';

/** The failure key of spec §8 "updating an allowance", around the cause. */
export const UPDATE_FAILURE_KEY = 'allowances.error_update' satisfies ParseKeys;

type Listener = () => void;

/** The batch's state for React (useSyncExternalStore) and the runner alike. */
export function createBatchStore(initial: BatchState) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: (): BatchState => state,
    dispatch: (event: BatchEvent): void => {
      const next = batchReducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;

/** An item re-read just before it is sent: its fresh transaction, or why it needs none any more. */
export type Recheck =
  | { readonly kind: 'send'; readonly transaction: PreparedTransaction }
  | { readonly kind: 'skip'; readonly reason: SkipReason; readonly detail: string | null };

export interface BatchDeps {
  readonly recheck: (id: string) => Promise<Recheck>;
  /** Hands the transaction to the wallet; answers its hash. */
  readonly send: (transaction: PreparedTransaction) => Promise<string>;
  readonly waitForReceipt: (hash: string) => Promise<Receipt>;
  /** After each mined transaction (spec §4: the list is refetched 3 s later). */
  readonly onMined?: (receipt: Receipt) => void;
}

/** A failure's cause in the user's words: the server's rule text, the wallet's classified error, or the error's own message. */
export function causeOf(error: unknown): string {
  if (error instanceof ApiError) return translate(error.code as ParseKeys, { defaultValue: error.message });
  if (error instanceof WalletMismatchError) return error.message;
  const classified = classifyWalletError(error);
  if (classified.outcome === 'cancelled') return translate(classified.message);
  return `${translate(classified.message)} (${classified.payload})`;
}

/** Processes the running batch until it is done, cancelled or stopped; answers the final state. */
export async function runRevokeBatch(store: BatchStore, deps: BatchDeps): Promise<BatchState> {
  store.dispatch({ type: 'start' });
  for (let id = nextToSend(store.get()); id !== null; id = nextToSend(store.get())) {
    store.dispatch({ type: 'checking', id });
    let fresh: Recheck;
    try {
      fresh = await deps.recheck(id);
    } catch (error) {
      store.dispatch({ type: 'failed', id, cause: causeOf(error), details: rawErrorText(error) });
      break;
    }
    if (fresh.kind === 'skip') {
      store.dispatch({ type: 'skipped', id, reason: fresh.reason, detail: fresh.detail });
      continue;
    }
    // Cancel pressed while re-checking: this one never reached the wallet, so it is not sent.
    if (store.get().cancelRequested) {
      store.dispatch({ type: 'unqueue', id });
      break;
    }
    store.dispatch({ type: 'signing', id });
    let hash: string;
    try {
      hash = await deps.send(fresh.transaction);
    } catch (error) {
      const classified = error instanceof WalletMismatchError ? null : classifyWalletError(error);
      if (classified?.outcome === 'cancelled') store.dispatch({ type: 'rejected', id, message: classified.message });
      else store.dispatch({ type: 'failed', id, cause: causeOf(error), details: rawErrorText(error) });
      break;
    }
    store.dispatch({ type: 'sent', id, hash });
    let receipt: Receipt;
    try {
      receipt = await deps.waitForReceipt(hash);
    } catch (error) {
      store.dispatch({ type: 'failed', id, cause: causeOf(error), details: rawErrorText(error) });
      break;
    }
    store.dispatch({ type: 'mined', id, receipt });
    deps.onMined?.(receipt);
  }
  store.dispatch({ type: 'finish' });
  return store.get();
}

export interface BatchNotice {
  readonly kind: 'success' | 'neutral' | 'error';
  readonly message: Message;
  readonly details?: string;
}

/** The toasts a finished batch raises (spec §8: a rejection is neutral, a failure wraps its cause). */
export function batchNotices(state: BatchState): BatchNotice[] {
  if (state.phase !== 'finished') return [];
  const { confirmed, reverted, total } = progress(state);
  const notices: BatchNotice[] = [];
  if (reverted > 0) {
    notices.push({ kind: 'error', message: failureMessage(UPDATE_FAILURE_KEY, translate('allowances.batch.toast_reverted', { count: reverted })) });
  }
  for (const item of state.items) {
    if (item.status.kind === 'rejected') notices.push({ kind: 'neutral', message: { key: item.status.message } });
    if (item.status.kind === 'failed') {
      notices.push({
        kind: 'error',
        message: failureMessage(UPDATE_FAILURE_KEY, item.status.cause),
        ...(item.status.details === null ? {} : { details: item.status.details }),
      });
    }
  }
  if (state.outcome === 'cancelled') {
    notices.push({ kind: 'neutral', message: { key: 'allowances.batch.toast_cancelled', values: { confirmed, total } } });
  } else if (confirmed > 0) {
    notices.push({ kind: 'success', message: { key: 'allowances.batch.toast_done', values: { count: confirmed } } });
  }
  return notices;
}
