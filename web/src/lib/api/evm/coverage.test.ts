import { describe, expect, it } from 'vitest';
import { coverageFixture, lagFixture } from './coverageFixtures';
import { checkAnswer } from '../answerShape';
import { HistoryPage } from '../generated/answerShapes';
import { FILL_POLL_MS, coveragePollMs } from './coverage';

/** An account answer (a history page) carrying `fields`, checked against its generated shape. */
function checkIndexFields(fields: Record<string, unknown>): void {
  checkAnswer(HistoryPage, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', offset: 0, limit: 10, sort: 'desc', more: false, transactions: [], source: 'ownIndex', ...fields });
}

describe('coveragePollMs', () => {
  it('polls while the account is filled, then leaves the screen its own refresh', () => {
    expect(coveragePollMs(coverageFixture({}))).toBe(FILL_POLL_MS);
    expect(coveragePollMs(coverageFixture({ complete: true, progress: 1 }))).toBeUndefined();
    expect(coveragePollMs(null)).toBeUndefined();
  });
});

describe('the coverage and index lag of an account answer', () => {
  it('accepts answers with or without the own index, and names a broken field', () => {
    expect(() => { checkIndexFields({}); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: null, indexLag: null }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: coverageFixture({ fill: { state: 'scanning' } }), indexLag: lagFixture(3) }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: { complete: false, progress: 2, missing: [] } }); }).toThrow('coverage.progress');
    expect(() => { checkIndexFields({ coverage: { complete: 'no', progress: 0, missing: [] } }); }).toThrow('coverage.complete');
    expect(() => { checkIndexFields({ coverage: coverageFixture({ missing: [{ kind: 'received', reason: 'noHistoricalState', beforeBlock: 161, note: '' }] }) }); }).not.toThrow();
    expect(() => { checkIndexFields({ coverage: coverageFixture({ fill: { state: 'paused' } as never }) }); }).toThrow('coverage.fill.state');
    expect(() => { checkIndexFields({ indexLag: { ...lagFixture(3), secondsBehind: '3' } }); }).toThrow('indexLag.secondsBehind');
  });
});
