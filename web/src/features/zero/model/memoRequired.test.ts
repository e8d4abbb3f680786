import { describe, expect, it } from 'vitest';
import { missingMemo } from './memoRequired';

describe('missingMemo', () => {
  const exchange = { label: 'Devnet Exchange (deposits)' };

  it('warns for an account that needs a memo when the memo is empty or blank', () => {
    expect(missingMemo(exchange, '')).toBe(exchange);
    expect(missingMemo(exchange, '   ')).toBe(exchange);
  });

  it('does not warn once a memo is written, or for an account that needs none', () => {
    expect(missingMemo(exchange, '104729')).toBeNull();
    expect(missingMemo(null, '')).toBeNull();
    expect(missingMemo(undefined, '')).toBeNull();
  });
});
