/**
 * The own index's side of an account answer (balances, history, NFTs, approvals): how
 * much of the account's history the server's own index holds (`coverage`) and how far
 * it is behind the chain (`indexLag`). Both are absent on networks served otherwise.
 * Every endpoint that carries them polls through {@link coveragePollMs} while the
 * account's earlier activity is being read.
 */

import type { Schemas } from '../endpoints';

export type Coverage = Schemas['CoverageView'];
export type IndexLag = Schemas['IndexLagView'];

/** While an account is filled, its lists are asked again this often (its progress moves, then they complete). */
export const FILL_POLL_MS = 1_500;

/**
 * How often to ask again while the answer's account is still being filled; `undefined`
 * once it is complete, or filled as far as the node could answer (`missing` names what
 * may lack: asking again changes nothing), or not served by an own index.
 */
export function coveragePollMs(coverage: Coverage | null | undefined): number | undefined {
  const filled = (coverage?.missing.length ?? 0) > 0;
  return coverage && !coverage.complete && !filled ? FILL_POLL_MS : undefined;
}
