import { describe, expect, it } from 'vitest';
import { latestValue, portfolioData, unknownPoints } from './portfolio';

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
