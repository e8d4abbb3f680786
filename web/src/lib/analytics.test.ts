import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SCRIPT_ID, parseAnalyticsSetting, parseDataAttributes, startAnalytics, userAllowsAnalytics, type ScriptHost, type ScriptLike } from './analytics';

describe('parseAnalyticsSetting', () => {
  it('is off by default', () => {
    expect(parseAnalyticsSetting(undefined, undefined)).toEqual({ kind: 'off' });
    expect(parseAnalyticsSetting('  ', 'domain=x')).toEqual({ kind: 'off' });
  });

  it('takes a script path on this origin with its data attributes', () => {
    expect(parseAnalyticsSetting('/stats/script.js', 'domain=wallet.example.org, Website-ID=94db1cb1')).toEqual({
      kind: 'on',
      config: { scriptPath: '/stats/script.js', data: { domain: 'wallet.example.org', 'website-id': '94db1cb1' } },
    });
    expect(parseAnalyticsSetting(' /js/plausible.js ', undefined)).toEqual({ kind: 'on', config: { scriptPath: '/js/plausible.js', data: {} } });
  });

  it.each(['https://plausible.io/js/script.js', '//plausible.io/js/script.js', 'js/script.js', 'javascript:alert(1)', '/\\evil.example/x.js', '/a b.js'])(
    'refuses %s: the CSP allows scripts of this origin only',
    (script) => {
      const setting = parseAnalyticsSetting(script, undefined);
      expect(setting.kind).toBe('invalid');
      expect(setting.kind === 'invalid' ? setting.reason : '').toMatch(/path on this origin/);
    },
  );

  it('refuses malformed data attributes', () => {
    expect(parseAnalyticsSetting('/s.js', 'domain').kind).toBe('invalid');
    expect(parseAnalyticsSetting('/s.js', '=x').kind).toBe('invalid');
    expect(parseAnalyticsSetting('/s.js', 'on"load=x').kind).toBe('invalid');
  });
});

describe('parseDataAttributes', () => {
  it('keeps an = inside a value and skips empty pairs', () => {
    expect(parseDataAttributes('api=/stats/api/event?x=1,,')).toEqual({ api: '/stats/api/event?x=1' });
    expect(parseDataAttributes(undefined)).toEqual({});
  });
});

describe('userAllowsAnalytics', () => {
  it('respects Do Not Track and Global Privacy Control', () => {
    expect(userAllowsAnalytics({})).toBe(true);
    expect(userAllowsAnalytics({ doNotTrack: '0', globalPrivacyControl: false })).toBe(true);
    expect(userAllowsAnalytics({ doNotTrack: '1' })).toBe(false);
    expect(userAllowsAnalytics({ globalPrivacyControl: true })).toBe(false);
  });
});

describe('startAnalytics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  interface FakeScript extends ScriptLike {
    readonly attributes: Record<string, string>;
  }

  /** A document head that records the scripts added to it. */
  function fakeDocument() {
    const added: FakeScript[] = [];
    const doc: ScriptHost<FakeScript> = {
      getElementById: (id) => added.find((script) => script.id === id) ?? null,
      createElement: () => {
        const attributes: Record<string, string> = {};
        return { id: '', defer: false, src: '', attributes, setAttribute: (name, value) => { attributes[name] = value; } };
      },
      head: {
        appendChild: (node) => {
          added.push(node);
        },
      },
    };
    return { doc, added };
  }

  const on = parseAnalyticsSetting('/stats/script.js', 'domain=wallet.example.org');

  it('adds the configured script once, deferred, with its data attributes', () => {
    const { doc, added } = fakeDocument();
    expect(startAnalytics(on, doc, {})).toBe(true);
    expect(startAnalytics(on, doc, {})).toBe(false);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ id: ANALYTICS_SCRIPT_ID, defer: true, src: '/stats/script.js', attributes: { 'data-domain': 'wallet.example.org' } });
  });

  it('adds nothing when it is off or the user opted out', () => {
    const { doc, added } = fakeDocument();
    expect(startAnalytics({ kind: 'off' }, doc, {})).toBe(false);
    expect(startAnalytics(on, doc, { doNotTrack: '1' })).toBe(false);
    expect(startAnalytics(on, doc, { globalPrivacyControl: true })).toBe(false);
    expect(added).toEqual([]);
  });

  it('says why a bad setting leaves analytics off', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { doc, added } = fakeDocument();
    expect(startAnalytics(parseAnalyticsSetting('https://cdn.example/a.js', undefined), doc, {})).toBe(false);
    expect(added).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Web analytics stay off: VITE_TANDEM_ANALYTICS_SCRIPT must be a path on this origin/));
  });
});
