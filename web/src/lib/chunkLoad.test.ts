import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunkLoad';

describe('isChunkLoadError', () => {
  it('recognises each browser’s failed module fetch and Vite’s CSS preload failure', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1:8080/assets/WalletPage-abc.js',
      'error loading dynamically imported module: http://127.0.0.1:8080/assets/WalletPage-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/WalletPage-abc.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new ChunkLoadError('timeout', 'slow'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('withChunkTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 120 s by default (spec §9)', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('answers what the chunk exports when it arrives in time', async () => {
    const loaded = withChunkTimeout(() => new Promise<string>((resolve) => setTimeout(() => { resolve('WalletPage'); }, 119_000)));
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(loaded).resolves.toBe('WalletPage');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up after 120 s with a timeout error, and ignores a chunk arriving later', async () => {
    const loaded = withChunkTimeout(() => new Promise<string>((resolve) => setTimeout(() => { resolve('late'); }, 200_000)));
    const outcome = expect(loaded).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout', message: 'This screen did not load within 120 s' });
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void loaded.catch(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await vi.advanceTimersByTimeAsync(100_000);
  });

  it('turns a failed download into a ChunkLoadError that keeps the browser’s error', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/SendPage-1.js');
    const error: unknown = await withChunkTimeout(() => Promise.reject(cause), 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'failed', message: cause.message, cause });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes other errors through unchanged', async () => {
    const broken = new ReferenceError('x is not defined');
    await expect(withChunkTimeout(() => Promise.reject(broken), 1000)).rejects.toBe(broken);
  });
});
