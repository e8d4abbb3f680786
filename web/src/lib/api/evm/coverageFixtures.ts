/** Own-index answer parts for tests: an account not covered yet, and the index's lag. */
import type { Coverage, IndexLag } from './coverage';

export function coverageFixture(overrides: Partial<Coverage>): Coverage {
  return { complete: false, progress: 0, fromBlock: 500, throughBlock: 900, fill: null, missing: [], ...overrides };
}

export function lagFixture(secondsBehind: number): IndexLag {
  return { indexedBlock: 90, headBlock: 100, blocksBehind: 10, secondsBehind, lagging: secondsBehind >= 10 };
}
