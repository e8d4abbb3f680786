import { describe, expect, it } from 'vitest';
import { FILL_POLL_MS, checkIndexFields, coveragePollMs, type Coverage, type IndexLag } from './coverage';

function coverage(overrides: Partial<Coverage>): Coverage {
  return { complete: false, progress: 0, fromBlock: 500, throughBlock: 900, fill: null, ...overrides };
}

function lag(secondsBehind: number): IndexLag {
  return { indexedBlock: 90, headBlock: 100, blocksBehind: 10, secondsBehind, lagging: secondsBehind >= 10 };
}

describe('coveragePollMs', () => {
  it('polls while the account is filled, then leaves the screen its own refresh', () => {
    expect(coveragePollMs(coverage({}))).toBe(FILL_POLL_MS);
    expect(coveragePollMs(coverage({ complete: true, progress: 1 }))).toBeUndefined();
    expect(coveragePollMs(null)).toBeUndefined();
  });
});

describe('checkIndexFields', () => {
  it('accepts answers with or without the own index, and names a broken field', () => {
    expect(() => { checkIndexFields({}); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: null, indexLag: null }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: coverage({ fill: { state: 'scanning' } }), indexLag: lag(3) }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: { complete: false, progress: 2 } }); }).toThrow('coverage.progress');
    expect(() => { checkIndexFields({ coverage: { complete: 'no', progress: 0 } }); }).toThrow('coverage.complete');
    expect(() => { checkIndexFields({ coverage: coverage({ fill: { state: 'paused' } as never }) }); }).toThrow('coverage.fill.state');
    expect(() => { checkIndexFields({ indexLag: { secondsBehind: '3' } }); }).toThrow('indexLag.secondsBehind');
  });
});
