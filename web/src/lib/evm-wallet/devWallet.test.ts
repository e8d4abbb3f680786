import { describe, expect, it } from 'vitest';
import {
  assertEvmDevWalletAllowed,
  EVM_DEVNET_CHAIN_ID,
  EVM_DEVNET_NAME,
  EvmDevWalletRefusedError,
  isAnvilClientVersion,
  isEvmDevWalletAllowed,
  isLoopbackUrl,
  normalisePrivateKey,
  type EvmDevWalletNetworkFacts,
} from './devWallet';

const DEVNET: EvmDevWalletNetworkFacts = {
  name: EVM_DEVNET_NAME,
  kind: 'evm',
  isDevnet: true,
  chainId: EVM_DEVNET_CHAIN_ID,
  rpcUrl: 'http://127.0.0.1:8545',
};

describe('the development wallet guard', () => {
  it('allows the local anvil devnet on every loopback spelling', () => {
    for (const rpcUrl of ['http://127.0.0.1:8545', 'http://localhost:41234/', 'http://[::1]:8545', 'https://localhost/rpc']) {
      expect(isEvmDevWalletAllowed({ ...DEVNET, rpcUrl })).toBe(true);
    }
    expect(() => { assertEvmDevWalletAllowed(DEVNET); }).not.toThrow();
  });

  const refused: [string, EvmDevWalletNetworkFacts][] = [
    ['Telos EVM mainnet settings', { name: 'telos-evm', kind: 'evm', isDevnet: false, chainId: 40, rpcUrl: 'https://rpc.telos.net/evm' }],
    // Same chain id as the devnet: the id alone proves nothing.
    ['Telos EVM testnet settings', { name: 'telos-evm-testnet', kind: 'evm', isDevnet: false, chainId: 41, rpcUrl: 'https://rpc.testnet.telos.net/evm' }],
    ['the testnet flagged devnet by mistake', { name: 'telos-evm-testnet', kind: 'evm', isDevnet: true, chainId: 41, rpcUrl: 'http://127.0.0.1:8545' }],
    ['the devnet name without the devnet flag', { ...DEVNET, isDevnet: false }],
    ['the devnet name with a remote RPC', { ...DEVNET, rpcUrl: 'https://rpc.testnet.telos.net/evm' }],
    ['the devnet name with a LAN RPC', { ...DEVNET, rpcUrl: 'http://192.168.1.20:8545' }],
    ['a host that only starts like localhost', { ...DEVNET, rpcUrl: 'http://localhost.example.com:8545' }],
    ['a non-http RPC', { ...DEVNET, rpcUrl: 'ws://127.0.0.1:8545' }],
    ['no RPC', { ...DEVNET, rpcUrl: null }],
    ['another chain id', { ...DEVNET, chainId: 40 }],
    ['the chain id as text', { ...DEVNET, chainId: '41' }],
    ['no chain id', { ...DEVNET, chainId: null }],
    ['a native network', { ...DEVNET, kind: 'native', chainId: 'aca376f206b8fc25a6ed44dbdc66547c36c6c33e3a119ffbeaef943642f0e906' }],
  ];

  it.each(refused)('refuses %s', (_label, network) => {
    expect(isEvmDevWalletAllowed(network)).toBe(false);
    expect(() => { assertEvmDevWalletAllowed(network); }).toThrow(EvmDevWalletRefusedError);
  });

  it('refuses a missing network', () => {
    expect(isEvmDevWalletAllowed(null)).toBe(false);
    expect(isEvmDevWalletAllowed(undefined)).toBe(false);
  });

  it('names the network it refused', () => {
    expect(() => { assertEvmDevWalletAllowed({ ...DEVNET, name: 'telos-evm' }); }).toThrow(/only works on telos-evm-devnet, not on telos-evm/);
  });
});

describe('isLoopbackUrl', () => {
  it('reads only well-formed URLs', () => {
    expect(isLoopbackUrl('127.0.0.1:8545')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
    expect(isLoopbackUrl(null)).toBe(false);
  });
});

describe('isAnvilClientVersion', () => {
  it('accepts what anvil reports and nothing else', () => {
    expect(isAnvilClientVersion('anvil/v1.3.5')).toBe(true);
    expect(isAnvilClientVersion('Anvil/v0.2.0')).toBe(true);
    expect(isAnvilClientVersion('Geth/v1.13.0-stable/linux-amd64/go1.21')).toBe(false);
    expect(isAnvilClientVersion('telos-evm-rpc/anvil')).toBe(false);
    expect(isAnvilClientVersion('')).toBe(false);
    expect(isAnvilClientVersion(null)).toBe(false);
    expect(isAnvilClientVersion(41)).toBe(false);
  });
});

describe('normalisePrivateKey', () => {
  const key = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

  it('accepts 64 hex digits with or without 0x, trimmed and lower-cased', () => {
    expect(normalisePrivateKey(key)).toBe(`0x${key}`);
    expect(normalisePrivateKey(`0x${key}`)).toBe(`0x${key}`);
    expect(normalisePrivateKey(`  0X${key.toUpperCase()}\n`)).toBe(`0x${key}`);
  });

  it('refuses anything else', () => {
    expect(normalisePrivateKey('')).toBeNull();
    expect(normalisePrivateKey(key.slice(1))).toBeNull();
    expect(normalisePrivateKey(`${key}00`)).toBeNull();
    expect(normalisePrivateKey(`0x${key.slice(1)}g`)).toBeNull();
    expect(normalisePrivateKey(`0x ${key}`)).toBeNull();
    expect(normalisePrivateKey('test test test test test test test test test test test junk')).toBeNull();
  });
});
