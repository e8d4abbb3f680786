/**
 * The steps of one EVM write, the same for every screen (send, wrap, stake, NFT
 * transfer, approvals): prepare on the server, review what will happen in plain
 * words, sign in the wallet, wait for the receipt, done or failed. A pure reducer,
 * so the rules are tested without React; useTransactionFlow.ts drives it.
 */

import type { ParseKeys } from 'i18next';
import type { Message } from '../notify/toastStore';
import type { PreparedTransaction, Receipt } from './transactions';

export type FlowState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'preparing' }
  | { readonly phase: 'review'; readonly prepared: PreparedTransaction }
  | { readonly phase: 'signing'; readonly prepared: PreparedTransaction }
  | { readonly phase: 'pending'; readonly prepared: PreparedTransaction; readonly hash: string }
  | { readonly phase: 'confirmed'; readonly prepared: PreparedTransaction; readonly hash: string; readonly receipt: Receipt }
  | {
      readonly phase: 'failed';
      readonly prepared: PreparedTransaction | null;
      readonly hash: string | null;
      /** What went wrong, in the user's words. */
      readonly message: Message;
      /** The raw error, for See Details. */
      readonly details: string | null;
    };

export type FlowEvent =
  | { readonly type: 'prepare' }
  | { readonly type: 'prepared'; readonly prepared: PreparedTransaction }
  | { readonly type: 'sign' }
  | { readonly type: 'sent'; readonly hash: string }
  | { readonly type: 'mined'; readonly receipt: Receipt }
  /** The user rejected in the wallet: back to the review, nothing was sent. */
  | { readonly type: 'cancelled' }
  | { readonly type: 'failed'; readonly message: Message; readonly details: string | null }
  | { readonly type: 'reset' };

export const IDLE: FlowState = { phase: 'idle' };

export function flowReducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'reset':
      return IDLE;
    case 'prepare':
      return state.phase === 'signing' || state.phase === 'pending' ? state : { phase: 'preparing' };
    case 'prepared':
      return state.phase === 'preparing' ? { phase: 'review', prepared: event.prepared } : state;
    case 'sign':
      return state.phase === 'review' ? { phase: 'signing', prepared: state.prepared } : state;
    case 'sent':
      return state.phase === 'signing' ? { phase: 'pending', prepared: state.prepared, hash: event.hash } : state;
    case 'mined':
      if (state.phase !== 'pending') return state;
      return event.receipt.status === 'success'
        ? { phase: 'confirmed', prepared: state.prepared, hash: state.hash, receipt: event.receipt }
        : {
            phase: 'failed',
            prepared: state.prepared,
            hash: state.hash,
            message: { key: 'tx.reverted' },
            details: `Transaction ${state.hash} was mined in block ${event.receipt.blockNumber.toString()} with status 0 (reverted).`,
          };
    case 'cancelled':
      return state.phase === 'signing' ? { phase: 'review', prepared: state.prepared } : state;
    case 'failed': {
      const prepared = 'prepared' in state ? state.prepared : null;
      const hash = 'hash' in state ? state.hash : null;
      return { phase: 'failed', prepared, hash, message: event.message, details: event.details };
    }
  }
}

/** True while the wallet or the chain still has the transaction: closing the dialog must not lose track of it. */
export function isBusy(state: FlowState): boolean {
  return state.phase === 'preparing' || state.phase === 'signing' || state.phase === 'pending';
}

/** A failure message of a screen (spec §8 keys like error_stakes_failed, which wrap the cause) around the cause's text. */
export function failureMessage(failureKey: ParseKeys | undefined, cause: string): Message {
  return failureKey === undefined ? { text: cause } : { key: failureKey, values: { cause } };
}
