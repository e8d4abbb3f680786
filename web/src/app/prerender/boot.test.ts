import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, shortAccountLabel } from '../../lib/session/storedAccount';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY } from '../../lib/theme/theme';
import { endpointUrl } from '../../lib/api/endpoints';
import { FIAT_CURRENCY_KEY, readPreferences } from '../../lib/preferences/preferences';
import { readStoredSession } from '../../lib/session/storedSession';
import { memoryStorage } from '../../lib/storage';
import { bootPage, takeEarlyActions, type BootSettings } from './boot';

const EVM_KEY = SESSION_KEYS.evm.account;
const NATIVE_KEY = SESSION_KEYS.native.account;

interface FakePage {
  dataset: Record<string, string>;
  properties: Map<string, string>;
  listeners: Map<string, (event: unknown) => void>;
  /** The elements the script added to <head>. */
  head: Record<string, string>[];
}

/** The little of a browser the boot script touches, with `stored` in localStorage. */
function loadPage(
  stored: Record<string, string>,
  { systemDark = false, hostname = 'wallet.example', settings = {} }: { systemDark?: boolean; hostname?: string; settings?: Partial<BootSettings> } = {},
): FakePage {
  const page: FakePage = { dataset: {}, properties: new Map(), listeners: new Map(), head: [] };
  vi.stubGlobal('document', {
    documentElement: { dataset: page.dataset, style: { setProperty: (name: string, value: string) => page.properties.set(name, value) } },
    head: { appendChild: (element: Record<string, string>) => page.head.push(element) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (type: string, listener: (event: unknown) => void) => page.listeners.set(type, listener),
    removeEventListener: (type: string) => page.listeners.delete(type),
  });
  vi.stubGlobal('window', {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    matchMedia: () => ({ matches: systemDark }),
    location: { hostname },
  });
  bootPage({ themeKey: THEME_STORAGE_KEY, evmAccountKey: EVM_KEY, nativeAccountKey: NATIVE_KEY, ...settings });
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const WALLET_PAGE: Partial<BootSettings> = {
  evmWallet: { networkKey: SESSION_KEYS.evm.network, fiatCurrencyKey: FIAT_CURRENCY_KEY, defaultFiatCurrency: 'USD' },
};

describe('bootPage', () => {
  it("preloads the balances and the status the wallet's loader asks for, at the URLs the app's requests use", () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    for (const currency of [undefined, 'eur', ' gbp ', 'dollars']) {
      const stored: Record<string, string> = { [EVM_KEY]: ` ${address} `, [SESSION_KEYS.evm.network]: 'telos-evm' };
      if (currency !== undefined) stored[FIAT_CURRENCY_KEY] = currency;
      const page = loadPage(stored, { settings: WALLET_PAGE });
      const storage = memoryStorage(stored);
      const session = readStoredSession(storage, 'evm');
      const expected = endpointUrl('/api/v1/evm/{network}/accounts/{address}/balances', {
        path: { network: session.network ?? '', address: session.account ?? '' },
        query: { fiat: readPreferences(storage).fiatCurrency },
      });
      const status = endpointUrl('/api/v1/evm/{network}/status', { path: { network: session.network ?? '' } });
      expect(page.head).toEqual([expected, status].map((href) => ({ tag: 'link', rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href })));
    }
  });

  it('preloads nothing without a stored address and network, or on another page', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(loadPage({ [EVM_KEY]: address }, { settings: WALLET_PAGE }).head).toEqual([]);
    expect(loadPage({ [EVM_KEY]: 'alice', [SESSION_KEYS.evm.network]: 'telos-evm' }, { settings: WALLET_PAGE }).head).toEqual([]);
    expect(loadPage({ [SESSION_KEYS.evm.network]: 'telos-evm' }, { settings: WALLET_PAGE }).head).toEqual([]);
    expect(loadPage({ [EVM_KEY]: address, [SESSION_KEYS.evm.network]: 'telos-evm' }).head).toEqual([]);
  });

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
