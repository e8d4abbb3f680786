/**
 * The own index's side of an account answer (balances, history, NFTs, approvals): how
 * much of the account's history the server's own index holds (`coverage`) and how far
 * it is behind the chain (`indexLag`). Both are absent on networks served otherwise.
 * Every endpoint that carries them checks them here, and polls through
 * {@link coveragePollMs} while the account's earlier activity is being read.
 */

import type { Schemas } from '../endpoints';
import { expectBoolean, expectNumber, expectRecord } from '../shape';

export type Coverage = Schemas['CoverageView'];
export type IndexLag = Schemas['IndexLagView'];

/** While an account is filled, its lists are asked again this often (its progress moves, then they complete). */
export const FILL_POLL_MS = 1_500;

const FILL_STATES = new Set(['queued', 'scanning', 'confirming', 'failed']);

/** Checks `coverage` and `indexLag` of an answer when present (null or absent elsewhere). */
export function checkIndexFields(view: Record<string, unknown>): void {
  if (view.coverage !== null && view.coverage !== undefined) {
    const coverage = expectRecord(view.coverage, 'coverage');
    expectBoolean(coverage.complete, 'coverage.complete');
    const progress = expectNumber(coverage.progress, 'coverage.progress');
    if (progress < 0 || progress > 1) throw new Error('coverage.progress is not between 0 and 1');
    if (coverage.fill !== null && coverage.fill !== undefined) {
      const fill = expectRecord(coverage.fill, 'coverage.fill');
      if (typeof fill.state !== 'string' || !FILL_STATES.has(fill.state)) throw new Error('coverage.fill.state is not a fill state');
    }
  }
  if (view.indexLag !== null && view.indexLag !== undefined) {
    const lag = expectRecord(view.indexLag, 'indexLag');
    expectNumber(lag.secondsBehind, 'indexLag.secondsBehind');
    expectBoolean(lag.lagging, 'indexLag.lagging');
  }
}

/** How often to ask again while the answer's account is still being filled; `undefined` once it is complete (or not served by an own index). */
export function coveragePollMs(coverage: Coverage | null | undefined): number | undefined {
  return coverage && !coverage.complete ? FILL_POLL_MS : undefined;
}
