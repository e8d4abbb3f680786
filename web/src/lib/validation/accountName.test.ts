import { describe, expect, it } from 'vitest';
import { validateAccountName } from './accountName';

describe('validateAccountName', () => {
  it('checks any existing name by default', () => {
    expect(validateAccountName('eosio.token')).toEqual({ ok: true, value: 'eosio.token' });
  });

  it('reports the first failing check', () => {
    // Too long and a trailing dot: length is checked first.
    expect(validateAccountName('abcdefghij12.')).toMatchObject({ error: { key: 'validation.account_name_length' } });
    expect(validateAccountName('abc.', 'basic')).toMatchObject({ error: { key: 'validation.account_name_trailing_dot' } });
  });
});
