import { afterEach, describe, expect, it, vi } from 'vitest';
import { debugRequest, logApiCall, resolveDebugMode, setDebugModeForTests, withDebugLog } from './debug';

afterEach(() => {
  setDebugModeForTests(false);
});

describe('debugRequest', () => {
  it('reads ?debug from the address', () => {
    expect(debugRequest('')).toBeNull();
    expect(debugRequest('?tab=balance')).toBeNull();
    expect(debugRequest('?debug')).toBe(true);
    expect(debugRequest('?tab=history&debug=1')).toBe(true);
    expect(debugRequest('?debug=ON')).toBe(true);
    expect(debugRequest('?debug=0')).toBe(false);
    expect(debugRequest('?debug=off')).toBe(false);
    expect(debugRequest('?debug=maybe')).toBeNull();
  });
});

describe('resolveDebugMode', () => {
  it('turns on with ?debug on a development host and remembers it for the tab', () => {
    expect(resolveDebugMode({ hostname: 'localhost', search: '?debug', stored: null })).toEqual({ enabled: true, remember: true });
    expect(resolveDebugMode({ hostname: '127.0.0.1', search: '', stored: '1' })).toEqual({ enabled: true, remember: null });
    expect(resolveDebugMode({ hostname: '[::1]', search: '?debug=0', stored: '1' })).toEqual({ enabled: false, remember: false });
    expect(resolveDebugMode({ hostname: 'localhost', search: '', stored: null })).toEqual({ enabled: false, remember: null });
  });

  it('is never on elsewhere, whatever the address or the tab says', () => {
    expect(resolveDebugMode({ hostname: 'wallet.example.org', search: '?debug', stored: '1' })).toEqual({ enabled: false, remember: null });
    expect(resolveDebugMode({ hostname: 'localhost.example.org', search: '?debug', stored: null }).enabled).toBe(false);
  });

  it('follows the configured development hosts', () => {
    const developmentHosts = ['staging.example.org'];
    expect(resolveDebugMode({ hostname: 'Staging.example.org', search: '?debug', stored: null, developmentHosts }).enabled).toBe(true);
    expect(resolveDebugMode({ hostname: 'localhost', search: '?debug', stored: null, developmentHosts }).enabled).toBe(false);
  });
});

function sink() {
  return { debug: vi.fn(), warn: vi.fn() };
}

describe('logApiCall', () => {
  it('is silent unless debug mode is on', () => {
    const console = sink();
    logApiCall({ method: 'GET', path: '/api/v1/health', status: 200, ms: 3 }, console);
    expect(console.debug).not.toHaveBeenCalled();
    setDebugModeForTests(true);
    logApiCall({ method: 'GET', path: '/api/v1/health', status: 200, ms: 3.4 }, console);
    expect(console.debug).toHaveBeenCalledWith('[api] GET /api/v1/health → 200 in 3 ms');
  });

  it('warns with the error of a failed or unreachable call', () => {
    setDebugModeForTests(true);
    const console = sink();
    logApiCall({ method: 'POST', path: '/x', status: 400, ms: 10, error: '{"code":"validation.amount_required"}' }, console);
    logApiCall({ method: 'GET', path: '/y', status: 0, ms: 1, error: new TypeError('Failed to fetch') }, console);
    expect(console.warn).toHaveBeenNthCalledWith(1, '[api] POST /x → 400 in 10 ms', '{"code":"validation.amount_required"}');
    expect(console.warn).toHaveBeenNthCalledWith(2, '[api] GET /y → unreachable in 1 ms', new TypeError('Failed to fetch'));
  });
});

describe('withDebugLog', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('passes calls straight through when debug mode is off', async () => {
    const console = sink();
    const response = json(200, { ok: true });
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(response));
    expect(await withDebugLog(fetchImpl, console)('/api/v1/health')).toBe(response);
    expect(console.debug).not.toHaveBeenCalled();
  });

  it('logs the method, status and time, and a failure’s body without consuming it', async () => {
    setDebugModeForTests(true);
    const console = sink();
    let clock = 100;
    const now = () => (clock += 25);
    const fetchImpl: typeof fetch = (input) =>
      Promise.resolve(typeof input === 'string' && input.endsWith('bad') ? json(400, { code: 'validation.invalid_fiat_currency' }) : json(200, { ok: true }));
    const logged = withDebugLog(fetchImpl, console, now);
    await logged('/api/v1/good');
    const failed = await logged('/api/v1/bad', { method: 'POST' });
    expect(console.debug).toHaveBeenCalledWith('[api] GET /api/v1/good → 200 in 25 ms');
    expect(console.warn).toHaveBeenCalledWith('[api] POST /api/v1/bad → 400 in 25 ms', '{"code":"validation.invalid_fiat_currency"}');
    expect(await failed.json()).toEqual({ code: 'validation.invalid_fiat_currency' });
  });

  it('logs an unreachable server and rethrows, but not a cancelled request', async () => {
    setDebugModeForTests(true);
    const console = sink();
    const offline = withDebugLog(() => Promise.reject(new TypeError('Failed to fetch')), console);
    await expect(offline('/api/v1/health')).rejects.toThrow('Failed to fetch');
    const aborted = withDebugLog(() => Promise.reject(new DOMException('Aborted', 'AbortError')), console);
    await expect(aborted('/api/v1/health')).rejects.toThrow('Aborted');
    expect(console.warn).toHaveBeenCalledTimes(1);
  });
});
