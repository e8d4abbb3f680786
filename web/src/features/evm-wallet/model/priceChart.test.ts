import { describe, expect, it } from 'vitest';
import { changeDirection, chartPoints, dayChangeText, drawPriceChart, type ChartDatum, type ChartLibrary } from './priceChart';

describe('chartPoints', () => {
  it('turns [ms, price] pairs into seconds and values, dropping bad and repeated times', () => {
    expect(
      chartPoints([
        [1700000000000, '0.2345'],
        [1700003600000, '0.25'],
        [1700003600500, '0.26'],
        [Number.NaN, '0.3'],
        [1700007200000, 'n/a'],
      ]),
    ).toEqual([
      { time: 1700000000, value: 0.2345 },
      { time: 1700003600, value: 0.25 },
    ]);
  });
});

describe('day change', () => {
  it('reads the direction from the exact text', () => {
    expect(changeDirection('-1.25')).toBe('down');
    expect(changeDirection('3.5')).toBe('up');
    expect(changeDirection('0.000')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
  it('always shows a sign', () => {
    expect(dayChangeText('3.5')).toBe('+3.50 %');
    expect(dayChangeText('-1.25')).toBe('-1.25 %');
    // Spec §9: percentages at 2 decimals.
    expect(dayChangeText('-1.9239856514')).toBe('-1.92 %');
  });
});

describe('drawPriceChart', () => {
  it('draws one area series on a fake canvas library, fits it and removes it on cleanup', () => {
    const calls: string[] = [];
    let drawn: readonly ChartDatum[] = [];
    const library: ChartLibrary<'area'> = {
      AreaSeries: 'area',
      createChart: (_container, options) => {
        calls.push(`create autoSize=${String((options as { autoSize?: boolean }).autoSize)}`);
        return {
          addSeries: (definition, seriesOptions) => {
            calls.push(`series ${definition} ${(seriesOptions as { lineColor: string }).lineColor}`);
            return { setData: (points) => { drawn = points; } };
          },
          timeScale: () => ({ fitContent: () => calls.push('fit') }),
          remove: () => calls.push('remove'),
        };
      },
    };
    const points = [{ time: 1, value: 0.2 }, { time: 2, value: 0.3 }];
    const dispose = drawPriceChart(library, {} as HTMLElement, points, { line: '#123', fill: '#456', text: '#000', grid: '#eee' });
    expect(drawn).toEqual(points);
    expect(calls).toEqual(['create autoSize=true', 'series area #123', 'fit']);
    dispose();
    expect(calls.at(-1)).toBe('remove');
  });
});
