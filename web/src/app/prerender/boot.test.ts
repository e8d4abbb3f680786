import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKind, ACCOUNT_STORAGE_KEY, shortAccountLabel } from '../../lib/session/storedAccount';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY } from '../../lib/theme/theme';
import { bootPage, takeEarlyActions } from './boot';

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
  bootPage({ themeKey: THEME_STORAGE_KEY, accountKey: ACCOUNT_STORAGE_KEY });
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

  it('names the stored session’s kind and labels the account as the account menu does', () => {
    for (const account of ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'alice.tlos', 'eosio']) {
      const page = loadPage({ [ACCOUNT_STORAGE_KEY]: account });
      expect(page.dataset.session).toBe(accountKind(account));
      expect(page.properties.get('--stored-account-label')).toBe(JSON.stringify(shortAccountLabel(account)));
    }
    expect(loadPage({}).dataset.session).toBe('none');
    expect(loadPage({ [ACCOUNT_STORAGE_KEY]: '   ' }).dataset.session).toBe('none');
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
