import { ApiError } from './client';

/** How many times a failed read is tried again when trying again can help. */
export const TRANSIENT_RETRIES = 2;

/**
 * Whether a read that failed with `error` may succeed if tried again: the server or an
 * upstream failing (5xx), a timeout or rate limit (408, 429), or the server not being
 * reached at all. An answer that says the request itself is wrong (any other 4xx: a
 * malformed key, an account that does not exist) will say the same again, so the user
 * sees it at once instead of after seconds of retries.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429;
}

/** TanStack Query's `retry` option for every read of the app. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < TRANSIENT_RETRIES && isTransient(error);
}
