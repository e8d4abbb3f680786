/**
 * The price chart's data and drawing, apart from React. The figures shown as
 * text stay exact decimal strings; only the plotted line uses numbers, since a
 * canvas draws at pixel precision anyway. The chart library arrives as a
 * parameter (loaded lazily by the component), so tests draw on a fake one.
 */

import { formatPercent, type NumberSeparators } from '../../../lib/amount/format';
import type { ChartView } from '../api/priceChart';

export interface ChartPoint {
  /** Seconds since the epoch (the library's UTCTimestamp). */
  readonly time: number;
  readonly value: number;
}

/** A point, or a time with no value: the line leaves a gap there (never a zero). */
export type ChartDatum = ChartPoint | { readonly time: number };

/** `[ms, "price"]` pairs → points in seconds, oldest first, unusable or repeated times dropped. */
export function chartPoints(prices: ChartView['prices']): ChartPoint[] {
  const points: ChartPoint[] = [];
  for (const [time, price] of prices) {
    const seconds = Math.floor(time / 1000);
    const value = Number(price);
    if (!Number.isFinite(seconds) || !Number.isFinite(value)) continue;
    const last = points.at(-1);
    if (last !== undefined && seconds <= last.time) continue;
    points.push({ time: seconds, value });
  }
  return points;
}

export type ChangeDirection = 'up' | 'down' | 'flat';

/** Direction of the day change, read from its exact text. */
export function changeDirection(dayChange: string | null | undefined): ChangeDirection {
  const text = dayChange?.trim() ?? '';
  if (text === '' || /^[-+]?0*(\.0*)?$/.test(text)) return 'flat';
  return text.startsWith('-') ? 'down' : 'up';
}

/** The day change as shown (spec §9: percentages at 2 decimals): a sign, the digits, a percent sign. */
export function dayChangeText(dayChange: string, separators?: NumberSeparators): string {
  return formatPercent(dayChange, separators);
}

export interface ChartColors {
  readonly line: string;
  readonly fill: string;
  readonly text: string;
  readonly grid: string;
}

/** The part of the chart library used here. */
export interface ChartLibrary<SeriesDefinition> {
  AreaSeries: SeriesDefinition;
  createChart: (container: HTMLElement, options: object) => {
    addSeries: (definition: SeriesDefinition, options: object) => { setData: (points: readonly ChartDatum[]) => void };
    timeScale: () => { fitContent: () => void };
    remove: () => void;
  };
}

/** Draws the line into `container`; the returned function removes it. */
export function drawPriceChart<SeriesDefinition>(
  library: ChartLibrary<SeriesDefinition>,
  container: HTMLElement,
  points: readonly ChartDatum[],
  colors: ChartColors,
): () => void {
  const chart = library.createChart(container, {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: colors.text, attributionLogo: false },
    grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
    handleScroll: false,
    handleScale: false,
  });
  const series = chart.addSeries(library.AreaSeries, {
    lineColor: colors.line,
    topColor: colors.fill,
    bottomColor: 'transparent',
    lineWidth: 2,
    priceLineVisible: false,
  });
  series.setData(points);
  chart.timeScale().fitContent();
  return () => { chart.remove(); };
}
