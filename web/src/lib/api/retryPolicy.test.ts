import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from './client';
import { isTransient, retryTransient, TRANSIENT_RETRIES } from './retryPolicy';

describe('retry policy', () => {
  it('tries again what may change: server and upstream failures, timeouts, rate limits, an unreachable server', () => {
    expect(isTransient(new ApiError('upstream.unavailable', 'down', 502))).toBe(true);
    expect(isTransient(new ApiError('internal', 'boom', 500))).toBe(true);
    expect(isTransient(new ApiError('timeout', 'slow', 408))).toBe(true);
    expect(isTransient(new ApiError('rate_limited', 'slow down', 429))).toBe(true);
    expect(isTransient(new ApiError(CLIENT_ERROR_CODES.network, 'unreachable', 0))).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not try again an answer that says the request is wrong', () => {
    expect(isTransient(new ApiError('antelope.account.not_found', 'account does not exist', 404))).toBe(false);
    expect(isTransient(new ApiError('validation.invalid_key', 'not a public key', 400))).toBe(false);
  });

  it('stops after a few tries', () => {
    const failure = new ApiError('internal', 'boom', 500);
    expect(retryTransient(0, failure)).toBe(true);
    expect(retryTransient(TRANSIENT_RETRIES, failure)).toBe(false);
    expect(retryTransient(0, new ApiError('not_found', 'gone', 404))).toBe(false);
  });
});
