import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { NATIVE_PERMISSION_STORAGE_KEY, storedNativeLogin } from './nativeSession';

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
