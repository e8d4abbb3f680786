import { describe, expect, it } from 'vitest';
import { evmAccountKey, evmAccountResourceKey, evmNetworkKey, isEvmAccountResourceKey } from './keys';

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('EVM query keys', () => {
  it('lay a resource out like its API path, under its network and account', () => {
    expect(evmNetworkKey('telos-evm')).toEqual(['evm', 'telos-evm']);
    expect(evmAccountResourceKey('telos-evm', CHECKSUMMED, 'balances')).toEqual(['evm', 'telos-evm', 'accounts', CHECKSUMMED.toLowerCase(), 'balances']);
  });

  it('name one account however its address is written, so every screen shares its entries', () => {
    expect(evmAccountKey('telos-evm', CHECKSUMMED)).toEqual(evmAccountKey('telos-evm', CHECKSUMMED.toLowerCase()));
  });

  it('match one resource of every account of a network', () => {
    const nfts = [...evmAccountResourceKey('telos-evm', CHECKSUMMED, 'nfts'), 'page', null, null, 0, 24];
    expect(isEvmAccountResourceKey(nfts, 'telos-evm', 'nfts')).toBe(true);
    expect(isEvmAccountResourceKey(nfts, 'telos-evm-testnet', 'nfts')).toBe(false);
    expect(isEvmAccountResourceKey(evmAccountResourceKey('telos-evm', CHECKSUMMED, 'balances'), 'telos-evm', 'nfts')).toBe(false);
    // The network's own resources (a token's details) are not an account's.
    expect(isEvmAccountResourceKey([...evmNetworkKey('telos-evm'), 'nfts', CHECKSUMMED, '1'], 'telos-evm', 'nfts')).toBe(false);
  });
});
