import { withDebugLog } from '../debug';

/**
 * The one way the browser talks to tandem-server. Every failure becomes an
 * `ApiError` carrying the server's stable error code (interfaces.md: error body
 * `{ code, message, details? }`), so screens can branch on codes, never on text.
 */

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(code: string, message: string, status: number, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Codes the client itself produces when no server error body is available. */
export const CLIENT_ERROR_CODES = {
  network: 'client.network_unreachable',
  invalidResponse: 'client.invalid_response',
} as const;

/** Narrows untrusted JSON to a typed value or throws with a reason. */
export type Parser<T> = (json: unknown) => T;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Injected in tests; the browser's fetch otherwise. */
  fetchImpl?: typeof fetch;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(body.code, body.message, status, body.details);
  }
  return new ApiError(
    CLIENT_ERROR_CODES.invalidResponse,
    `The server answered ${status} without an error body`,
    status,
  );
}

async function readJson(response: Response): Promise<unknown> {
  // A missing API route on a static host answers with index.html; reject it
  // instead of trying to parse HTML as JSON.
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) {
    throw new ApiError(
      CLIENT_ERROR_CODES.invalidResponse,
      `Expected JSON but got "${contentType || 'no content type'}"`,
      response.status,
    );
  }
  try {
    return await response.json();
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'The response body is not valid JSON', response.status);
  }
}

export async function getJson<T>(path: string, parse: Parser<T>, options: RequestOptions = {}): Promise<T> {
  // Debug mode (lib/debug.ts, development hosts only) logs every call; otherwise this is the plain fetch.
  const fetchImpl = withDebugLog(options.fetchImpl ?? fetch);
  let response: Response;
  try {
    response = await fetchImpl(path, {
      headers: { accept: 'application/json' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(CLIENT_ERROR_CODES.network, 'The server could not be reached', 0, { cause: String(cause) });
  }
  const body = await readJson(response).catch((error: unknown) => {
    if (!response.ok) return undefined;
    throw error;
  });
  if (!response.ok) throw errorFromBody(response.status, body);
  try {
    return parse(body);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, `Unexpected response shape: ${reason}`, response.status);
  }
}

/** POSTs a JSON body; answers and failures are read as {@link getJson} reads them. */
export async function postJson<T>(path: string, body: unknown, parse: Parser<T>, options: RequestOptions = {}): Promise<T> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const wrapped: typeof fetch = (input, init) =>
    fetchImpl(input, {
      ...init,
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return getJson(path, parse, { ...options, fetchImpl: wrapped });
}
