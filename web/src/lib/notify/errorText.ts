/**
 * How an error reads in a toast (spec §8): chain errors lose the
 * "assertion failure with message:" prefix the node adds, and an undefined
 * error (a wallet that closed without answering) reads "Cancelled transaction".
 */

import type { Message } from './toastStore';

export const ASSERTION_PREFIX = 'assertion failure with message:';

export function stripAssertionPrefix(text: string): string {
  return text.startsWith(ASSERTION_PREFIX) ? text.slice(ASSERTION_PREFIX.length).trim() : text;
}

function messageOf(error: unknown): string | null {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return null;
}

/** The toast message for an error value of any shape. */
export function errorMessage(error: unknown): Message {
  if (error === undefined || error === null) return { key: 'notify.cancelled_transaction' };
  const text = messageOf(error);
  if (text === null || text.trim() === '') return { key: 'wallet.error.general' };
  return { text: stripAssertionPrefix(text) };
}

/** The raw error for See Details: as complete as it can be written, bigints and cycles included. */
export function rawErrorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) {
    const own = toJson(error);
    const header = `${error.name}: ${error.message}`;
    return own === '{}' ? header : `${header}\n${own}`;
  }
  if (typeof error === 'function' || typeof error === 'symbol') return error.toString();
  return toJson(error);
}

function toJson(value: unknown): string {
  const seen = new WeakSet<object>();
  const replacer = (_key: string, item: unknown): unknown => {
    if (typeof item === 'bigint') return item.toString();
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return '[circular]';
      seen.add(item);
    }
    return item;
  };
  // JSON.stringify answers undefined for undefined itself.
  return value === undefined ? 'undefined' : JSON.stringify(value, replacer, 2);
}
