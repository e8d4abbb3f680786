import { describe, expect, it } from 'vitest';
import { coveragePollMs } from './api/evm/coverage';
import { coverageFixture, lagFixture } from './api/evm/coverageFixtures';
import { behindOf, coverageNotice, lagNotice } from './coverage';

const NOW = 1_800_000_000_000;

describe('coverageNotice', () => {
  it('says nothing once the account is covered, or without an own index', () => {
    expect(coverageNotice(coverageFixture({ complete: true, progress: 1, fromBlock: 0 }), NOW)).toBeNull();
    expect(coverageNotice(null, NOW)).toBeNull();
    expect(coverageNotice(undefined, NOW)).toBeNull();
  });

  it('shows the share read while filling, never 100 % before it is complete', () => {
    const scanning = coverageFixture({ progress: 0.637, fill: { state: 'scanning', scannedBlocks: 350, totalBlocks: 500 } });
    expect(coverageNotice(scanning, NOW)).toEqual({ kind: 'filling', percent: 63 });
    expect(coverageNotice(coverageFixture({ progress: 1 }), NOW)).toEqual({ kind: 'filling', percent: 99 });
    expect(coverageNotice(coverageFixture({ fill: { state: 'queued' } }), NOW)).toEqual({ kind: 'filling', percent: 0 });
  });

  it('says what failed and when it is tried again', () => {
    const failed = coverageFixture({ fill: { state: 'failed', error: 'JSON-RPC eth_getLogs failed: HTTP error 403', failedAtMs: NOW - 2_500, retryAtMs: NOW + 7_500 } });
    expect(coverageNotice(failed, NOW)).toEqual({ kind: 'failed', error: 'JSON-RPC eth_getLogs failed: HTTP error 403', retryInSeconds: 8 });
    expect(coverageNotice(failed, NOW + 60_000)).toMatchObject({ kind: 'failed', retryInSeconds: 0 });
  });
});

describe('coverageNotice once filled as far as the node could answer', () => {
  it('names each kind that may be missing and before which block, instead of a bar', () => {
    const gaps = coverageFixture({
      progress: 1,
      fromBlock: 161,
      missing: [
        { kind: 'sent', reason: 'noHistoricalState', beforeBlock: 161, note: '' },
        { kind: 'received', reason: 'noHistoricalState', beforeBlock: 161, note: '' },
        { kind: 'otherBalanceChanges', reason: 'insideCall', beforeBlock: 120, note: '' },
      ],
    });
    expect(coverageNotice(gaps, NOW)).toEqual({
      kind: 'missing',
      gaps: [
        { key: 'sent', block: 161 },
        { key: 'received', block: 161 },
        { key: 'other_inside_call', block: 120 },
      ],
    });
    expect(coveragePollMs(gaps)).toBeUndefined();
    expect(coveragePollMs(coverageFixture({ progress: 0.4 }))).toBe(1_500);
  });
});

describe('lagNotice', () => {
  it('speaks only beyond the health threshold, in the largest whole unit', () => {
    expect(lagNotice(lagFixture(4))).toBeNull();
    expect(lagNotice(null)).toBeNull();
    expect(lagNotice(lagFixture(12))).toEqual({ unit: 'second', count: 12 });
    expect(lagNotice(lagFixture(200))).toEqual({ unit: 'minute', count: 3 });
    expect(behindOf(7_300)).toEqual({ unit: 'hour', count: 2 });
    expect(behindOf(3 * 86_400 + 5)).toEqual({ unit: 'day', count: 3 });
  });
});
