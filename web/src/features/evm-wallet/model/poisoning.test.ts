import { describe, expect, it } from 'vitest';
import { poisoningMessage } from './poisoning';

const BOB = '0xb0b1dddddddddddddddddddddddddddddddd0b1';
const nameOf = (address: string) => (address === BOB ? 'bob' : address);

describe('poisoningMessage', () => {
  it('says what each kind of planted row is, naming what it imitates', () => {
    expect(poisoningMessage({ reason: 'lookalike_dust', imitates: BOB }, nameOf)).toEqual({
      key: 'evm.history.poison_lookalike_dust',
      values: { known: 'bob' },
    });
    expect(poisoningMessage({ reason: 'zero_value_transfer_from', imitates: null }, nameOf)).toEqual({
      key: 'evm.history.poison_zero_value_transfer_from',
      values: { known: '' },
    });
    expect(poisoningMessage({ reason: 'fake_token', imitates: '0xT' }, nameOf)?.key).toBe('evm.history.poison_fake_token');
  });

  it('leaves ordinary rows and unknown reasons as they are', () => {
    expect(poisoningMessage(null, nameOf)).toBeNull();
    expect(poisoningMessage({ reason: 'something_new', imitates: null }, nameOf)).toBeNull();
  });
});
