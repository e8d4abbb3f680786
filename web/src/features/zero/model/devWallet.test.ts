import { describe, expect, it } from 'vitest';
import { assertDevWalletAllowed, DevWalletRefusedError, isDevWalletAllowed, NATIVE_DEVNET_CHAIN_ID, NATIVE_DEVNET_NAME } from './devWallet';

const devnet = { name: NATIVE_DEVNET_NAME, kind: 'native' as const, isDevnet: true, chainId: NATIVE_DEVNET_CHAIN_ID };
const TELOS_MAINNET_ID = '4667b205c6838ef70ff7988f6e8257e8be0e1284a2f59699054a018f743b1d11';

describe('development wallet guard', () => {
  it('is offered on the native devnet', () => {
    expect(isDevWalletAllowed(devnet)).toBe(true);
    expect(isDevWalletAllowed({ ...devnet, chainId: NATIVE_DEVNET_CHAIN_ID.toUpperCase() })).toBe(true);
    expect(() => { assertDevWalletAllowed(devnet); }).not.toThrow();
  });

  it.each([
    ['a mainnet', { name: 'telos', kind: 'native' as const, isDevnet: false, chainId: TELOS_MAINNET_ID }],
    ['a mainnet configured as a devnet', { name: 'telos', kind: 'native' as const, isDevnet: true, chainId: TELOS_MAINNET_ID }],
    ['the devnet name with a mainnet chain id', { ...devnet, chainId: TELOS_MAINNET_ID }],
    ['the devnet chain id without the devnet flag', { ...devnet, isDevnet: false }],
    ['the devnet chain id under another name', { ...devnet, name: 'telos-testnet' }],
    ['an EVM devnet', { name: 'telos-evm-devnet', kind: 'evm' as const, isDevnet: true, chainId: 41 }],
    ['a missing chain id', { ...devnet, chainId: null }],
  ])('is refused on %s', (_name, network) => {
    expect(isDevWalletAllowed(network)).toBe(false);
    expect(() => { assertDevWalletAllowed(network); }).toThrow(DevWalletRefusedError);
  });

  it('is refused while the network is unknown', () => {
    expect(isDevWalletAllowed(null)).toBe(false);
    expect(isDevWalletAllowed(undefined)).toBe(false);
  });
});
