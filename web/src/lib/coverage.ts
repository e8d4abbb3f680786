/**
 * What a screen says about an answer from the server's own index: while the account's
 * earlier activity is read (its fill), a progress bar with the share read; when that
 * failed, what failed and when it is tried again; and, when the index is behind the
 * chain by more than the health threshold, how far. Plain TypeScript: the component
 * (`lib/ui/CoverageNotice`) only renders what this decides.
 */

import type { Coverage, IndexLag } from './api/evm/coverage';

export type CoverageNotice =
  /** Reading the account's earlier activity: `percent` done (whole number, 0 to 99 until complete). */
  | { readonly kind: 'filling'; readonly percent: number }
  /** Reading it failed: `error` says what, and it is tried again in `retryInSeconds` (0: now, by the next refresh). */
  | { readonly kind: 'failed'; readonly error: string; readonly retryInSeconds: number }
  /** Read as far as the node could answer: what may be missing, kind by kind, and before which block. */
  | { readonly kind: 'missing'; readonly gaps: readonly MissingGap[] };

/** One kind of the account's history that may be missing before `block` (its words: `coverage.missing_<key>`). */
export interface MissingGap {
  readonly key: 'sent' | 'received' | 'other_no_state' | 'other_inside_call';
  readonly block: number;
}

/** The notice of `coverage`, or `null` once the account's whole history is held (or without an own index). */
export function coverageNotice(coverage: Coverage | null | undefined, nowMs: number): CoverageNotice | null {
  if (!coverage || coverage.complete) return null;
  const missing = coverage.missing;
  if (missing.length > 0) {
    return {
      kind: 'missing',
      gaps: missing.map((gap) => ({
        key:
          gap.kind === 'sent'
            ? 'sent'
            : gap.kind === 'received'
              ? 'received'
              : gap.reason === 'insideCall'
                ? 'other_inside_call'
                : 'other_no_state',
        block: gap.beforeBlock,
      })),
    };
  }
  const fill = coverage.fill;
  if (fill?.state === 'failed') {
    const retryAt = fill.retryAtMs ?? nowMs;
    return {
      kind: 'failed',
      error: fill.error ?? '',
      retryInSeconds: Math.max(0, Math.ceil((retryAt - nowMs) / 1000)),
    };
  }
  // An incomplete list never reads 100 %: the last step is storing what was read.
  return { kind: 'filling', percent: Math.min(99, Math.floor(coverage.progress * 100)) };
}

/** A time behind the chain in the largest whole unit people read it in. */
export interface Behind {
  readonly unit: 'second' | 'minute' | 'hour' | 'day';
  readonly count: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function behindOf(seconds: number): Behind {
  if (seconds >= DAY) return { unit: 'day', count: Math.floor(seconds / DAY) };
  if (seconds >= HOUR) return { unit: 'hour', count: Math.floor(seconds / HOUR) };
  if (seconds >= MINUTE) return { unit: 'minute', count: Math.floor(seconds / MINUTE) };
  return { unit: 'second', count: Math.max(0, Math.floor(seconds)) };
}

/** How far the answer's data is behind the chain, when beyond the health threshold (the server says `lagging`). */
export function lagNotice(lag: IndexLag | null | undefined): Behind | null {
  return lag?.lagging ? behindOf(lag.secondsBehind) : null;
}
