/**
 * Debug mode (spec §6: allowed only on development hosts). `?debug` in the address
 * turns it on for the tab (`?debug=0` off again); it is honoured only on the
 * hosts of VITE_TANDEM_DEV_HOSTS (default localhost), so a link with `?debug`
 * changes nothing on a public deployment. What it does: error toasts open with
 * their See Details text shown, and every API call is logged to the console with
 * its status and time.
 */

import { DEFAULT_DEVELOPMENT_HOSTS } from './config';

export const DEBUG_STORAGE_KEY = 'tandem.debug';

/** What the address asks for: `?debug`, `?debug=1|true|on` → on; `?debug=0|false|off` → off; else nothing. */
export function debugRequest(search: string): boolean | null {
  const params = new URLSearchParams(search);
  if (!params.has('debug')) return null;
  const value = (params.get('debug') ?? '').trim().toLowerCase();
  if (['', '1', 'true', 'on', 'yes'].includes(value)) return true;
  if (['0', 'false', 'off', 'no'].includes(value)) return false;
  return null;
}

export interface DebugInputs {
  /** `location.hostname` (no port; IPv6 in brackets). */
  readonly hostname: string;
  /** `location.search`. */
  readonly search: string;
  /** What this tab stored before ('1' when on). */
  readonly stored: string | null;
  readonly developmentHosts?: readonly string[];
}

/** Whether debug mode is on, and what the tab should remember (null: leave it). */
export function resolveDebugMode({ hostname, search, stored, developmentHosts = DEFAULT_DEVELOPMENT_HOSTS }: DebugInputs): {
  enabled: boolean;
  remember: boolean | null;
} {
  if (!developmentHosts.includes(hostname.toLowerCase())) return { enabled: false, remember: null };
  const requested = debugRequest(search);
  return { enabled: requested ?? stored === '1', remember: requested };
}

let enabled = false;

/** Decides once at start (main.tsx); the tab remembers a `?debug` across reloads and in-app navigation. */
export function initDebugMode(developmentHosts: readonly string[]): boolean {
  if (typeof window === 'undefined') return false;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused: debug mode then lasts for this page only.
  }
  const decision = resolveDebugMode({
    hostname: window.location.hostname,
    search: window.location.search,
    stored: storage?.getItem(DEBUG_STORAGE_KEY) ?? null,
    developmentHosts,
  });
  try {
    if (decision.remember === true) storage?.setItem(DEBUG_STORAGE_KEY, '1');
    if (decision.remember === false) storage?.removeItem(DEBUG_STORAGE_KEY);
  } catch {
    // As above.
  }
  enabled = decision.enabled;
  if (enabled) console.info('Tandem debug mode is on (development host). Add ?debug=0 to the address to turn it off.');
  return enabled;
}

export function isDebugMode(): boolean {
  return enabled;
}

export interface ApiCallRecord {
  readonly method: string;
  readonly path: string;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly ms: number;
  /** The error body or reason of a failed call. */
  readonly error?: unknown;
}

/** One console line per API call in debug mode; nothing otherwise. */
export function logApiCall(record: ApiCallRecord, sink: Pick<Console, 'debug' | 'warn'> = console): void {
  if (!enabled) return;
  const line = `[api] ${record.method} ${record.path} → ${record.status === 0 ? 'unreachable' : record.status} in ${Math.round(record.ms)} ms`;
  if (record.error === undefined) sink.debug(line);
  else sink.warn(line, record.error);
}

function pathOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** `fetchImpl` that, in debug mode, logs each call with its method, status, time and a failed call's body. */
export function withDebugLog(fetchImpl: typeof fetch, sink: Pick<Console, 'debug' | 'warn'> = console, now: () => number = () => performance.now()): typeof fetch {
  return async (input, init) => {
    if (!enabled) return fetchImpl(input, init);
    const method = init?.method ?? 'GET';
    const path = pathOf(input);
    const started = now();
    try {
      const response = await fetchImpl(input, init);
      const ms = now() - started;
      if (response.ok) logApiCall({ method, path, status: response.status, ms }, sink);
      else logApiCall({ method, path, status: response.status, ms, error: await response.clone().text().catch(() => '') }, sink);
      return response;
    } catch (error) {
      // A cancelled request (navigation, unmount) is not worth a warning.
      if (!(error instanceof DOMException && error.name === 'AbortError')) logApiCall({ method, path, status: 0, ms: now() - started, error }, sink);
      throw error;
    }
  };
}

/** Tests switch it directly. */
export function setDebugModeForTests(value: boolean): void {
  enabled = value;
}
