import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { headerOptions, NATIVE_PERMISSION_STORAGE_KEY, storedNativeLogin } from './nativeSession';

const stored = { account: 'alice', network: 'telos', isNative: 'true', autoLogin: 'anchor' };

describe('storedNativeLogin', () => {
  it('logs in again with the stored account, network, authenticator and permission', () => {
    const storage = memoryStorage({ ...stored, [NATIVE_PERMISSION_STORAGE_KEY]: 'owner' });
    expect(storedNativeLogin(storage)).toEqual({ account: 'alice', network: 'telos', authenticator: 'anchor', permission: 'owner' });
  });

  it('defaults the permission to active (spec §6)', () => {
    expect(storedNativeLogin(memoryStorage({ ...stored, autoLogin: 'viewer' }))?.permission).toBe('active');
  });

  it.each([
    ['an EVM session', { ...stored, isNative: 'false', autoLogin: 'injected' }],
    ['an unknown authenticator', { ...stored, autoLogin: 'cloud' }],
    ['no account', { network: 'telos', isNative: 'true', autoLogin: 'anchor' }],
    ['no network', { account: 'alice', isNative: 'true', autoLogin: 'anchor' }],
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
