import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES, getJson, isRecord } from './client';

function fakeFetch(status: number, body: string, contentType = 'application/json'): typeof fetch {
  return () => Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));
}

const parseName = (json: unknown): string => {
  if (isRecord(json) && typeof json.name === 'string') return json.name;
  throw new Error('name missing');
};

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('getJson', () => {
  it('returns the parsed body of a successful response', async () => {
    const name = await getJson('/x', parseName, { fetchImpl: fakeFetch(200, '{"name":"tandem"}') });
    expect(name).toBe('tandem');
  });

  it('turns the server error body into an ApiError with its stable code', async () => {
    const body = JSON.stringify({ code: 'not_found', message: 'No such route', details: { path: '/x' } });
    const error = await apiErrorOf(getJson('/x', parseName, { fetchImpl: fakeFetch(404, body) }));
    expect(error.code).toBe('not_found');
    expect(error.status).toBe(404);
    expect(error.message).toBe('No such route');
    expect(error.details).toEqual({ path: '/x' });
  });

  it('rejects an HTML answer (SPA fallback) as an invalid response', async () => {
    const error = await apiErrorOf(
      getJson('/x', parseName, { fetchImpl: fakeFetch(200, '<!doctype html>', 'text/html') }),
    );
    expect(error.code).toBe(CLIENT_ERROR_CODES.invalidResponse);
  });

  it('reports an error status without a JSON body as an invalid response', async () => {
    const error = await apiErrorOf(getJson('/x', parseName, { fetchImpl: fakeFetch(502, 'Bad gateway', 'text/plain') }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.invalidResponse);
    expect(error.status).toBe(502);
  });

  it('reports a body of the wrong shape with the parser reason', async () => {
    const error = await apiErrorOf(getJson('/x', parseName, { fetchImpl: fakeFetch(200, '{"other":1}') }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.invalidResponse);
    expect(error.message).toContain('name missing');
  });

  it('reports an unreachable server as a network error', async () => {
    const failing: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await apiErrorOf(getJson('/x', parseName, { fetchImpl: failing }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.network);
    expect(error.status).toBe(0);
  });
});
