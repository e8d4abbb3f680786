import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { clientConfigOf, fetchClientConfig } from './clientConfig';

function answer(status: number, body: string, contentType = 'application/json'): typeof fetch {
  return () => Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));
}

describe('clientConfigOf', () => {
  it('reads the project id', () => {
    expect(clientConfigOf({ walletConnectProjectId: '0123456789abcdef0123456789abcdef' })).toEqual({
      walletConnectProjectId: '0123456789abcdef0123456789abcdef',
    });
  });

  it('reads null, a missing field or an empty text as not configured', () => {
    for (const body of [{ walletConnectProjectId: null }, {}, { walletConnectProjectId: '  ' }]) {
      expect(clientConfigOf(body)).toEqual({ walletConnectProjectId: null });
    }
  });
});

describe('fetchClientConfig of an answer of another shape', () => {
  it('reads another type, a list, a text or null as not configured', async () => {
    for (const body of [{ walletConnectProjectId: 42 }, [], 'x', null]) {
      const fetchImpl: typeof fetch = () => Promise.resolve(Response.json(body));
      await expect(fetchClientConfig({ fetchImpl })).resolves.toEqual({ walletConnectProjectId: null });
    }
  });
});

describe('fetchClientConfig', () => {
  it('asks the client-config endpoint', async () => {
    const asked: string[] = [];
    const fetchImpl: typeof fetch = (input) => {
      asked.push(typeof input === 'string' ? input : 'not a path');
      return answer(200, '{"walletConnectProjectId":"abc"}')(input);
    };
    await expect(fetchClientConfig({ fetchImpl })).resolves.toEqual({ walletConnectProjectId: 'abc' });
    expect(asked).toEqual(['/api/v1/client-config']);
  });

  it('treats a server without the endpoint (404, with or without an error body) as not configured', async () => {
    await expect(fetchClientConfig({ fetchImpl: answer(404, '{"code":"not_found","message":"No such route"}') })).resolves.toEqual({
      walletConnectProjectId: null,
    });
    await expect(fetchClientConfig({ fetchImpl: answer(404, 'Not Found', 'text/plain') })).resolves.toEqual({ walletConnectProjectId: null });
  });

  it('treats a static host’s index.html fallback as not configured', async () => {
    await expect(fetchClientConfig({ fetchImpl: answer(200, '<!doctype html>', 'text/html') })).resolves.toEqual({
      walletConnectProjectId: null,
    });
  });

  it('reports a server failure or an unreachable server, so the query can retry and the screen can say so', async () => {
    await expect(fetchClientConfig({ fetchImpl: answer(503, '{"code":"unavailable","message":"Down"}') })).rejects.toBeInstanceOf(ApiError);
    await expect(fetchClientConfig({ fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')) })).rejects.toMatchObject({
      code: 'client.network_unreachable',
    });
  });
});
