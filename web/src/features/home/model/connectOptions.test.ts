import { describe, expect, it } from 'vitest';
import { connectGroups } from './connectOptions';

describe('connectGroups', () => {
  it('offers EVM wallets first by default and after an EVM logout', () => {
    expect(connectGroups(null).map((group) => group.id)).toEqual(['evm', 'zero']);
    expect(connectGroups('').map((group) => group.id)).toEqual(['evm', 'zero']);
  });

  it('offers native wallets first after a native logout', () => {
    expect(connectGroups('zero').map((group) => group.id)).toEqual(['zero', 'evm']);
  });
});

describe('native options', () => {
  it('lead to native sign-in on /zero, each way preselected', () => {
    const zero = connectGroups('zero')[0];
    expect(zero?.options.map((option) => option.to)).toEqual([
      '/zero/balance?signin=extension',
      '/zero/balance?signin=anchor',
      '/zero/balance?signin=cleos',
    ]);
  });
});
