/**
 * The portfolio chart's data apart from React: the server's points (exact decimal
 * text, or null where no price was known) as the line's data — a gap, never a zero,
 * where the value is unknown — and what the card says about gaps and what is counted.
 */

import type { PortfolioView } from '../api/portfolio';
import type { ChartDatum } from './priceChart';

export function portfolioData(points: PortfolioView['points']): ChartDatum[] {
  const data: ChartDatum[] = [];
  for (const point of points) {
    const time = Math.floor(point.time / 1000);
    const last = data.at(-1);
    if (last !== undefined && time <= last.time) continue;
    const value = point.value == null ? Number.NaN : Number(point.value);
    data.push(Number.isFinite(value) ? { time, value } : { time });
  }
  return data;
}

/** How many points have no value. */
export function unknownPoints(points: PortfolioView['points']): number {
  return points.filter((point) => point.value == null).length;
}

/** The latest known value (exact text), if any. */
export function latestValue(points: PortfolioView['points']): string | null {
  for (let index = points.length - 1; index >= 0; index -= 1) {
    const value = points[index]?.value;
    if (value != null) return value;
  }
  return null;
}
