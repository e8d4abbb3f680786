import { describe, expect, it } from 'vitest';
import { FIAT_CURRENCY_KEY } from '../preferences/preferences';
import { memoryStorage, type StorageLike } from '../storage';
import { THEME_STORAGE_KEY } from '../theme/theme';
import { APP_VERSION_STORAGE_KEY, decideVersionCheck, runVersionCheck, UPDATE_RELOAD_MARKER_KEY } from './appVersion';
import { clearSessionKeys, SESSION_STORAGE_KEYS } from './storedAccount';
import { decideAutoLogin, readStoredSession, writeStoredSession } from './storedSession';

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
  it('writes and reads back what a login stores', () => {
    const storage = memoryStorage();
    writeStoredSession(storage, {
      account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      rawAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      network: 'telos-evm',
      isNative: false,
      authenticator: 'injected',
    });
    expect(readStoredSession(storage)).toEqual({
      account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      rawAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      network: 'telos-evm',
      isNative: false,
      authenticator: 'injected',
    });
  });

  it('logout clears network, account, rawAddress, isNative and autoLogin, nothing else', () => {
    expect([...SESSION_STORAGE_KEYS].sort()).toEqual(['account', 'autoLogin', 'isNative', 'network', 'rawAddress']);
    const storage = memoryStorage({ [THEME_STORAGE_KEY]: 'dark', [APP_VERSION_STORAGE_KEY]: VERSION });
    writeStoredSession(storage, { account: 'alice', network: 'telos', isNative: true, authenticator: 'anchor', rawAddress: 'x' });
    clearSessionKeys(storage);
    expect(contents(storage)).toEqual({ [THEME_STORAGE_KEY]: 'dark', [APP_VERSION_STORAGE_KEY]: VERSION });
    expect(readStoredSession(storage)).toEqual({ account: null, network: null, rawAddress: null, isNative: null, authenticator: null });
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
