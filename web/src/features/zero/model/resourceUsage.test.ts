import { describe, expect, it } from 'vitest';
import { humanQuantity, resourceUsage } from './resourceUsage';

describe('resourceUsage', () => {
  it('reads CPU in µs, ms or s and bandwidth and RAM in B, KB, MB or GB', () => {
    expect(humanQuantity('cpu', 948)).toEqual({ value: '948', unit: 'us' });
    expect(humanQuantity('cpu', 9_413_064_421)).toEqual({ value: '9413.06', unit: 's' });
    expect(humanQuantity('cpu', 1_500)).toEqual({ value: '1.5', unit: 'ms' });
    expect(humanQuantity('net', 512)).toEqual({ value: '512', unit: 'B' });
    expect(humanQuantity('ram', 3_072)).toEqual({ value: '3', unit: 'KB' });
    expect(humanQuantity('ram', 5 * 1024 * 1024 + 1024 * 512)).toEqual({ value: '5.5', unit: 'MB' });
    expect(humanQuantity('net', 0)).toEqual({ value: '0', unit: 'B' });
  });

  it('says nothing is staked instead of drawing a full bar for 0 of 0', () => {
    expect(resourceUsage('cpu', 0, 0)).toEqual({ state: 'none' });
  });

  it('says unlimited when the chain sets no limit', () => {
    expect(resourceUsage('ram', 1000, null)).toEqual({ state: 'unlimited' });
    expect(resourceUsage('cpu', 0, -1)).toEqual({ state: 'unlimited' });
  });

  it('keeps the exact figures beside the readable ones, and the percent in bounds', () => {
    expect(resourceUsage('cpu', 948, 9_413_064_421)).toEqual({
      state: 'used', used: { value: '948', unit: 'us' }, max: { value: '9413.06', unit: 's' }, percent: 0, exactUsed: 948, exactMax: 9_413_064_421,
    });
    expect(resourceUsage('net', 2_000, 1_000)).toMatchObject({ percent: 100 });
  });
});
