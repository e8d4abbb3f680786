/**
 * The web-analytics script of spec §2 ("on start a web-analytics script is added
 * to the page"), off unless the operator configures it at build time
 * (VITE_TANDEM_ANALYTICS_SCRIPT, VITE_TANDEM_ANALYTICS_DATA; see web/README.md).
 *
 * Only a script served from this origin is accepted: tandem-server's
 * Content-Security-Policy allows `script-src 'self'` and `connect-src 'self'`, so a
 * third-party URL would be blocked anyway. Self-hosted, cookie-free tools
 * (Plausible, Umami, GoatCounter…) fit: serve their script and event endpoint
 * under a path of this host (a reverse proxy route, or the file dropped into
 * web/dist). A browser that sends Do Not Track or Global Privacy Control is not
 * counted at all.
 */

export interface AnalyticsConfig {
  /** Same-origin path of the script, e.g. `/stats/script.js`. */
  readonly scriptPath: string;
  /** `data-*` attributes the tool reads, e.g. `{ domain: 'wallet.example.org' }` → data-domain. */
  readonly data: Readonly<Record<string, string>>;
}

export type AnalyticsSetting = { readonly kind: 'off' } | { readonly kind: 'on'; readonly config: AnalyticsConfig } | { readonly kind: 'invalid'; readonly reason: string };

const DATA_NAME = /^[a-z][a-z0-9-]*$/;

/** A path on this origin: one leading slash (`//host` is another origin), no scheme, no backslash or whitespace. */
function isSameOriginPath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//') && !/[\\\s]/.test(text);
}

/** `domain=wallet.example.org,website-id=94db…` → `{ domain: …, 'website-id': … }`; null when a pair is malformed. */
export function parseDataAttributes(raw: string | undefined): Record<string, string> | null {
  const data: Record<string, string> = {};
  for (const pair of (raw ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const equals = pair.indexOf('=');
    if (equals < 1) return null;
    const name = pair.slice(0, equals).trim().toLowerCase();
    const value = pair.slice(equals + 1).trim();
    if (!DATA_NAME.test(name)) return null;
    data[name] = value;
  }
  return data;
}

/** Reads the build settings; unset (or blank) means off. */
export function parseAnalyticsSetting(script: string | undefined, data: string | undefined): AnalyticsSetting {
  const scriptPath = script?.trim() ?? '';
  if (scriptPath === '') return { kind: 'off' };
  if (!isSameOriginPath(scriptPath)) {
    return { kind: 'invalid', reason: `VITE_TANDEM_ANALYTICS_SCRIPT must be a path on this origin such as /stats/script.js (the server's CSP allows only 'self'), not ${scriptPath}` };
  }
  const attributes = parseDataAttributes(data);
  if (attributes === null) {
    return { kind: 'invalid', reason: 'VITE_TANDEM_ANALYTICS_DATA must be comma-separated name=value pairs such as domain=wallet.example.org' };
  }
  return { kind: 'on', config: { scriptPath, data: attributes } };
}

export interface PrivacySignals {
  /** `navigator.doNotTrack`: '1' when the user asked not to be tracked. */
  readonly doNotTrack?: string | null;
  /** `navigator.globalPrivacyControl` (GPC). */
  readonly globalPrivacyControl?: boolean;
}

/** The user's privacy signals win over the operator's setting. */
export function userAllowsAnalytics({ doNotTrack, globalPrivacyControl }: PrivacySignals): boolean {
  return doNotTrack !== '1' && globalPrivacyControl !== true;
}

export const ANALYTICS_SCRIPT_ID = 'tandem-analytics';

/** What the script element needs to offer. */
export interface ScriptLike {
  id: string;
  defer: boolean;
  src: string;
  setAttribute(name: string, value: string): void;
}

/** The part of `document` this needs (tests pass a small fake; the app passes `document` with HTMLScriptElement). */
export interface ScriptHost<Script extends ScriptLike> {
  getElementById(id: string): unknown;
  createElement(tag: 'script'): Script;
  readonly head: { appendChild(node: Script): unknown };
}

/** Adds the script once; answers whether it did. */
export function startAnalytics<Script extends ScriptLike>(setting: AnalyticsSetting, doc: ScriptHost<Script>, signals: PrivacySignals): boolean {
  if (setting.kind === 'invalid') {
    console.warn(`Web analytics stay off: ${setting.reason}`);
    return false;
  }
  if (setting.kind === 'off' || !userAllowsAnalytics(signals) || doc.getElementById(ANALYTICS_SCRIPT_ID) !== null) return false;
  const script = doc.createElement('script');
  script.id = ANALYTICS_SCRIPT_ID;
  script.defer = true;
  script.src = setting.config.scriptPath;
  for (const [name, value] of Object.entries(setting.config.data)) script.setAttribute(`data-${name}`, value);
  doc.head.appendChild(script);
  return true;
}
