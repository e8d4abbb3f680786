import { describe, expect, it } from 'vitest';
import { createOutOfSyncWarning } from './outOfSyncWarning';

describe('createOutOfSyncWarning', () => {
  it('warns the first time a network is out of sync, once per network', () => {
    const warned: string[] = [];
    const seen = createOutOfSyncWarning((network) => warned.push(network));
    seen('telos-evm', false);
    expect(warned).toEqual([]);
    seen('telos-evm', true);
    seen('telos-evm', true);
    seen('telos-evm', false);
    seen('telos-evm', true);
    expect(warned).toEqual(['telos-evm']);
    seen('telos-evm-testnet', true);
    expect(warned).toEqual(['telos-evm', 'telos-evm-testnet']);
  });
});
