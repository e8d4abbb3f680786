import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { headerOptions, NATIVE_PERMISSION_STORAGE_KEY, storedNativeLogin } from './nativeSession';

const stored = { 'tandem.native.account': 'alice', 'tandem.native.network': 'telos', 'tandem.native.autoLogin': 'anchor' };

describe('storedNativeLogin', () => {
  it('logs in again with the stored account, network, authenticator and permission', () => {
    const storage = memoryStorage({ ...stored, [NATIVE_PERMISSION_STORAGE_KEY]: 'owner' });
    expect(storedNativeLogin(storage)).toEqual({ account: 'alice', network: 'telos', authenticator: 'anchor', permission: 'owner' });
  });

  it('defaults the permission to active (spec §6)', () => {
    expect(storedNativeLogin(memoryStorage({ ...stored, 'tandem.native.autoLogin': 'viewer' }))?.permission).toBe('active');
  });

  it.each([
    ['only an EVM session', { account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', network: 'telos-evm', isNative: 'false', autoLogin: 'injected' }],
    ['an unknown authenticator', { ...stored, 'tandem.native.autoLogin': 'cloud' }],
    ['no account', { 'tandem.native.network': 'telos', 'tandem.native.autoLogin': 'anchor' }],
    ['no network', { 'tandem.native.account': 'alice', 'tandem.native.autoLogin': 'anchor' }],
  ])('does nothing for %s', (_name, values) => {
    expect(storedNativeLogin(memoryStorage(values))).toBeNull();
  });
});

describe('headerOptions', () => {
  it('keeps spec §9 normal signing: 3 blocks behind, 30 s', () => {
    expect(headerOptions('normal')).toEqual({ blocksBehind: 3, expireSeconds: 30 });
  });

  it('gives a sponsored transaction room for a person to read, decide and approve for minutes', () => {
    const { blocksBehind, expireSeconds } = headerOptions('sponsored');
    // Expiration counts from the reference block, 3 blocks (1.5 s) before the head.
    expect(expireSeconds - blocksBehind * 0.5).toBeGreaterThanOrEqual(2 * 60);
    expect(expireSeconds).toBeLessThanOrEqual(3600); // the chain's max_transaction_lifetime
  });
});
