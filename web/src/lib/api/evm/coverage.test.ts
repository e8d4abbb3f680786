import { describe, expect, it } from 'vitest';
import { coverageFixture, lagFixture } from './coverageFixtures';
import { FILL_POLL_MS, checkIndexFields, coveragePollMs } from './coverage';

describe('coveragePollMs', () => {
  it('polls while the account is filled, then leaves the screen its own refresh', () => {
    expect(coveragePollMs(coverageFixture({}))).toBe(FILL_POLL_MS);
    expect(coveragePollMs(coverageFixture({ complete: true, progress: 1 }))).toBeUndefined();
    expect(coveragePollMs(null)).toBeUndefined();
  });
});

describe('checkIndexFields', () => {
  it('accepts answers with or without the own index, and names a broken field', () => {
    expect(() => { checkIndexFields({}); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: null, indexLag: null }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: coverageFixture({ fill: { state: 'scanning' } }), indexLag: lagFixture(3) }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: { complete: false, progress: 2 } }); }).toThrow('coverage.progress');
    expect(() => { checkIndexFields({ coverage: { complete: 'no', progress: 0 } }); }).toThrow('coverage.complete');
    expect(() => { checkIndexFields({ coverage: coverageFixture({ fill: { state: 'paused' } as never }) }); }).toThrow('coverage.fill.state');
    expect(() => { checkIndexFields({ indexLag: { secondsBehind: '3' } }); }).toThrow('indexLag.secondsBehind');
  });
});
