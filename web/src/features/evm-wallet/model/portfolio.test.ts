import { describe, expect, it } from 'vitest';
import { beyondTheChart, latestValue, portfolioData, unknownPoints } from './portfolio';

describe('the portfolio chart data', () => {
  const points = [
    { time: 1_000_000, value: null },
    { time: 2_000_000, value: '12.5' },
    { time: 2_000_500, value: '13' },
    { time: 3_000_000, value: '14.25' },
    { time: 4_000_000, value: null },
  ];

  it('leaves a gap where no price was known, never a zero', () => {
    expect(portfolioData(points)).toEqual([{ time: 1000 }, { time: 2000, value: 12.5 }, { time: 3000, value: 14.25 }, { time: 4000 }]);
    expect(unknownPoints(points)).toBe(2);
  });

  it('shows the latest known value', () => {
    expect(latestValue(points)).toBe('14.25');
    expect(latestValue([{ time: 1, value: null }])).toBeNull();
  });
});

describe('what the total value counts beyond the chart', () => {
  const row = (symbol: string, value: string | null) => ({ token: { symbol }, fiatValue: value === null ? null : { value } });

  it('names the priced tokens the chart does not count, in figures that add up as shown', () => {
    const rows = [row('TLOS', '2321.404'), row('STLOS', '990.695'), row('WTLOS', '0.1'), row('TUSD', '0.004'), row('GEMS', null), row('ZERO', '0')];
    // Shown: total 2321.40 + 990.70 + 0.10 + 0.00 = 3312.20; now 2321.50 (TLOS and WTLOS); beyond 990.70.
    expect(beyondTheChart(rows, ['TLOS', 'WTLOS'], '2321.504')).toEqual({ total: '3312.2', symbols: ['STLOS', 'TUSD'], value: '990.7' });
  });

  it('is nothing when both count the same tokens', () => {
    expect(beyondTheChart([row('TLOS', '5'), row('wtlos', '1'), row('GEMS', null)], ['TLOS', 'WTLOS'], '6')).toBeNull();
  });
});
