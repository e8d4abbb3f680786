import { describe, expect, it } from 'vitest';
import { FIAT_CURRENCY_KEY } from '../preferences/preferences';
import { memoryStorage, type StorageLike } from '../storage';
import { THEME_STORAGE_KEY } from '../theme/theme';
import { APP_VERSION_STORAGE_KEY, decideVersionCheck, runVersionCheck, UPDATE_RELOAD_MARKER_KEY } from './appVersion';
import { clearSessionKeys, sessionStorageKeys } from './storedAccount';
import { decideAutoLogin, readStoredSession, separateStoredSessions, writeStoredSession } from './storedSession';

const VERSION = '2.4.1';

function contents(storage: StorageLike): Record<string, string> {
  const out: Record<string, string> = {};
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) out[key] = storage.getItem(key) ?? '';
  }
  return out;
}

describe('decideVersionCheck', () => {
  const state = { storedVersion: VERSION, currentVersion: VERSION, hasStoredAccount: true, reloadMarker: false };

  it.each([
    ['same version', state, 'none'],
    ['first run', { ...state, storedVersion: null, hasStoredAccount: false }, 'reset'],
    ['new version, no account', { ...state, storedVersion: '2.4.0', hasStoredAccount: false }, 'reset'],
    ['new version with an account', { ...state, storedVersion: '2.4.0' }, 'resetAndReload'],
    ['account from a build before the check', { ...state, storedVersion: null }, 'resetAndReload'],
    ['after the reload', { ...state, storedVersion: null, hasStoredAccount: false, reloadMarker: true }, 'confirmReconnect'],
  ] as const)('%s → %s', (_name, input, expected) => {
    expect(decideVersionCheck(input)).toBe(expected);
  });
});

describe('runVersionCheck', () => {
  it('clears a first run and saves the version, keeping the user preferences', () => {
    const storage = memoryStorage({ contracts: '{}', [THEME_STORAGE_KEY]: 'dark', [FIAT_CURRENCY_KEY]: 'EUR' });
    expect(runVersionCheck(storage, VERSION)).toBe('continue');
    expect(contents(storage)).toEqual({ [THEME_STORAGE_KEY]: 'dark', [FIAT_CURRENCY_KEY]: 'EUR', [APP_VERSION_STORAGE_KEY]: VERSION });
  });

  it('leaves storage alone when the version is the same', () => {
    const storage = memoryStorage({ [APP_VERSION_STORAGE_KEY]: VERSION, account: 'alice', contracts: '{}' });
    expect(runVersionCheck(storage, VERSION)).toBe('continue');
    expect(contents(storage)).toEqual({ [APP_VERSION_STORAGE_KEY]: VERSION, account: 'alice', contracts: '{}' });
  });

  it('after an update with an account: clears, reloads, then asks to reconnect', () => {
    const storage = memoryStorage({ [APP_VERSION_STORAGE_KEY]: '2.4.0', account: 'alice', network: 'telos', autoLogin: 'anchor' });
    expect(runVersionCheck(storage, VERSION)).toBe('reload');
    expect(contents(storage)).toEqual({ [UPDATE_RELOAD_MARKER_KEY]: VERSION });
    expect(runVersionCheck(storage, VERSION)).toBe('reconnect');
    expect(contents(storage)).toEqual({ [APP_VERSION_STORAGE_KEY]: VERSION });
    expect(runVersionCheck(storage, VERSION)).toBe('continue');
  });

  it('never reloads in a loop when the marker cannot be stored', () => {
    const base = memoryStorage({ [APP_VERSION_STORAGE_KEY]: '2.4.0', account: 'alice' });
    const storage: StorageLike = {
      get length() {
        return base.length;
      },
      key: (index) => base.key(index),
      getItem: (key) => base.getItem(key),
      removeItem: (key) => {
        base.removeItem(key);
      },
      setItem: (key, value) => {
        if (key === UPDATE_RELOAD_MARKER_KEY) throw new DOMException('quota', 'QuotaExceededError');
        base.setItem(key, value);
      },
    };
    expect(runVersionCheck(storage, VERSION)).toBe('continue');
    expect(contents(base)).toEqual({ [APP_VERSION_STORAGE_KEY]: VERSION });
  });

  it('does nothing without storage', () => {
    expect(runVersionCheck(null, VERSION)).toBe('continue');
  });
});

describe('stored session', () => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  it('writes and reads back what a login stores', () => {
    const storage = memoryStorage();
    writeStoredSession(storage, 'evm', {
      account: address,
      rawAddress: address.toLowerCase(),
      network: 'telos-evm',
      authenticator: 'injected',
    });
    expect(readStoredSession(storage, 'evm')).toEqual({
      account: address,
      rawAddress: address.toLowerCase(),
      network: 'telos-evm',
      isNative: false,
      authenticator: 'injected',
    });
  });

  it('keeps a native and an EVM session side by side, and a logout of one keeps the other', () => {
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'dark' });
    writeStoredSession(storage, 'evm', { account: address, network: 'telos-evm', authenticator: 'injected', rawAddress: address });
    writeStoredSession(storage, 'native', { account: 'alice', network: 'telos', authenticator: 'anchor' });
    expect(readStoredSession(storage, 'native')).toEqual({ account: 'alice', network: 'telos', rawAddress: null, isNative: true, authenticator: 'anchor' });
    expect(readStoredSession(storage, 'evm').account).toBe(address);

    clearSessionKeys(storage, 'native');
    expect(readStoredSession(storage, 'native').account).toBeNull();
    expect(readStoredSession(storage, 'evm').account).toBe(address);
    clearSessionKeys(storage, 'evm');
    expect(contents(storage)).toEqual({ [THEME_STORAGE_KEY]: 'dark' });
  });

  it('logout clears network, account, rawAddress, isNative and autoLogin, nothing else', () => {
    expect([...sessionStorageKeys('evm')].sort()).toEqual(['account', 'autoLogin', 'isNative', 'network', 'rawAddress']);
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'dark', [APP_VERSION_STORAGE_KEY]: VERSION });
    writeStoredSession(storage, 'evm', { account: address, network: 'telos-evm', authenticator: 'injected', rawAddress: 'x' });
    clearSessionKeys(storage, 'evm');
    expect(contents(storage)).toEqual({ [THEME_STORAGE_KEY]: 'dark', [APP_VERSION_STORAGE_KEY]: VERSION });
    expect(readStoredSession(storage, 'evm')).toEqual({ account: null, network: null, rawAddress: null, isNative: null, authenticator: null });
  });

  it('moves a native session stored under the EVM keys (one session at a time) to its own', () => {
    const storage = memoryStorage({ account: 'alice', network: 'telos', isNative: 'true', autoLogin: 'anchor' });
    separateStoredSessions(storage);
    expect(readStoredSession(storage, 'evm').account).toBeNull();
    expect(readStoredSession(storage, 'native')).toMatchObject({ account: 'alice', network: 'telos', authenticator: 'anchor' });
    // An EVM session is left where it is.
    const evm = memoryStorage({ account: address, network: 'telos-evm', isNative: 'false', autoLogin: 'injected' });
    separateStoredSessions(evm);
    expect(readStoredSession(evm, 'evm').account).toBe(address);
  });
});

describe('decideAutoLogin', () => {
  const stored = { account: 'alice', network: 'telos', rawAddress: null, isNative: true, authenticator: 'anchor' };

  it('logs in again with the stored authenticator, network and account', () => {
    expect(decideAutoLogin(stored, { sessionExists: false })).toEqual({
      kind: 'login',
      account: 'alice',
      network: 'telos',
      authenticator: 'anchor',
      isNative: true,
    });
  });

  it.each([
    ['a session already exists', stored, true, 'session_exists'],
    ['no account is stored', { ...stored, account: null }, false, 'no_account'],
    ['the network is missing', { ...stored, network: null }, false, 'incomplete'],
    ['the authenticator is missing', { ...stored, authenticator: null }, false, 'incomplete'],
  ] as const)('skips when %s', (_name, session, sessionExists, reason) => {
    expect(decideAutoLogin(session, { sessionExists })).toEqual({ kind: 'skip', reason });
  });
});
