import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, shortAccountLabel } from '../../lib/session/storedAccount';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY } from '../../lib/theme/theme';
import { bootPage, takeEarlyActions } from './boot';

const EVM_KEY = SESSION_KEYS.evm.account;
const NATIVE_KEY = SESSION_KEYS.native.account;

interface FakePage {
  dataset: Record<string, string>;
  properties: Map<string, string>;
  listeners: Map<string, (event: unknown) => void>;
}

/** The little of a browser the boot script touches, with `stored` in localStorage. */
function loadPage(stored: Record<string, string>, { systemDark = false, hostname = 'wallet.example' } = {}): FakePage {
  const page: FakePage = { dataset: {}, properties: new Map(), listeners: new Map() };
  vi.stubGlobal('document', {
    documentElement: { dataset: page.dataset, style: { setProperty: (name: string, value: string) => page.properties.set(name, value) } },
    addEventListener: (type: string, listener: (event: unknown) => void) => page.listeners.set(type, listener),
    removeEventListener: (type: string) => page.listeners.delete(type),
  });
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    matchMedia: () => ({ matches: systemDark }),
    location: { hostname },
  });
  bootPage({ themeKey: THEME_STORAGE_KEY, evmAccountKey: EVM_KEY, nativeAccountKey: NATIVE_KEY });
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bootPage', () => {
  it('sets the theme the app would set, for every stored preference and system setting', () => {
    for (const stored of [null, 'light', 'dark', 'sepia']) {
      for (const systemDark of [false, true]) {
        const page = loadPage(stored === null ? {} : { [THEME_STORAGE_KEY]: stored }, { systemDark });
        expect(page.dataset.theme).toBe(resolveTheme(parseThemePreference(stored), systemDark));
      }
    }
  });

  it('names the stored sessions and labels each account as its account menu does', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const label = (value: string) => JSON.stringify(value);
    const evm = loadPage({ [EVM_KEY]: address });
    expect(evm.dataset.session).toBe('evm');
    expect(evm.properties.get('--stored-evm-label')).toBe(label(shortAccountLabel(address)));
    expect(evm.properties.get('--stored-native-label')).toBe(label(''));
    for (const name of ['alice.tlos', 'eosio']) {
      const native = loadPage({ [NATIVE_KEY]: name });
      expect(native.dataset.session).toBe('native');
      expect(native.properties.get('--stored-native-label')).toBe(label(shortAccountLabel(name)));
    }
    const both = loadPage({ [EVM_KEY]: address, [NATIVE_KEY]: 'alice' });
    expect(both.dataset.session).toBe('both');
    expect(both.properties.get('--stored-evm-label')).toBe(label(shortAccountLabel(address)));
    expect(both.properties.get('--stored-native-label')).toBe(label('alice'));
    expect(loadPage({}).dataset.session).toBe('none');
    expect(loadPage({ [EVM_KEY]: '   ', [NATIVE_KEY]: ' ' }).dataset.session).toBe('none');
  });

  it('reads a native name an older build left under the EVM keys as the native session', () => {
    const page = loadPage({ [EVM_KEY]: 'alicetandem1' });
    expect(page.dataset.session).toBe('native');
    expect(page.properties.get('--stored-native-label')).toBe(JSON.stringify('alicetandem1'));
  });

  it('tells a page opened on this machine from one opened elsewhere', () => {
    expect(loadPage({}, { hostname: '127.0.0.1' }).dataset.host).toBe('loopback');
    expect(loadPage({}, { hostname: 'localhost' }).dataset.host).toBe('loopback');
    expect(loadPage({}, { hostname: 'wallet.example' }).dataset.host).toBe('other');
  });

  it('holds actions back until the app takes them, then stops listening', () => {
    const page = loadPage({});
    expect([...page.listeners.keys()].sort()).toEqual(['click', 'submit']);
    expect(takeEarlyActions()).toEqual([]);
    expect(page.listeners.size).toBe(0);
    // Taken once: a second call finds nothing.
    expect(takeEarlyActions()).toEqual([]);
  });
});
