/**
 * Loading a screen's code (spec §2: all routes load lazily; §9: chunk load
 * timeout 120 s). A chunk that fails to download, or has not arrived after
 * 120 s, becomes a ChunkLoadError the route error page explains with a way to
 * try again. Trying again means reloading the page: browsers remember a failed
 * module import, so calling import() again would fail the same way.
 */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  readonly reason: 'timeout' | 'failed';

  constructor(reason: 'timeout' | 'failed', message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

/** What browsers and Vite say when a module or its CSS cannot be fetched. */
const FETCH_FAILURES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
];

/** A ChunkLoadError, or a browser's own error for a module that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && FETCH_FAILURES.some((pattern) => pattern.test(error.message));
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => { globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>); },
};

/**
 * Runs `load` (a route's lazy import) and rejects with a ChunkLoadError when it
 * takes longer than `timeoutMs` or fails to fetch; other errors (a module that
 * throws while it runs) pass through unchanged.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS, timers: Timers = GLOBAL_TIMERS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = timers.setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError('timeout', `This screen did not load within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    load().then(
      (value) => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        timers.clearTimeout(timer);
        if (error instanceof Error && isChunkLoadError(error) && !(error instanceof ChunkLoadError)) {
          reject(new ChunkLoadError('failed', error.message, error));
        } else {
          // Anything else (a module that throws while it runs) goes on as it came.
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  });
}
