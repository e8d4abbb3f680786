/**
 * The portfolio chart's data apart from React: the server's points (exact decimal
 * text, or null where no price was known) as the line's data — a gap, never a zero,
 * where the value is unknown — and what the card says about gaps and what is counted.
 */

import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { shownFiatDifference, shownFiatTotal } from '../../../lib/amount/shownTotal';
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

/** What the wallet's total value counts beyond the chart: the priced tokens without a price history. */
export interface BeyondTheChart {
  /** The total value as the balances card shows it, exact decimal text. */
  readonly total: string;
  /** The symbols the chart does not count, in the balances' order. */
  readonly symbols: readonly string[];
  /** The shown total less the chart's shown "now": what those tokens add, exact decimal text. */
  readonly value: string;
}

/**
 * The balance rows the total value counts and the chart does not (`counted` are the
 * chart's symbols), so the card names the difference between its "now" and the total
 * beside the figure, in figures that add up as shown; `null` when both count the same.
 */
export function beyondTheChart(
  rows: readonly { token: { symbol: string }; fiatValue?: { value: string } | null }[],
  counted: readonly string[],
  now: string,
): BeyondTheChart | null {
  const countedSymbols = new Set(counted.map((symbol) => symbol.toUpperCase()));
  const symbols = rows
    .filter((row) => row.fiatValue != null && fromPlainString(row.fiatValue.value)?.raw !== 0n && !countedSymbols.has(row.token.symbol.toUpperCase()))
    .map((row) => row.token.symbol);
  if (symbols.length === 0) return null;
  const total = shownFiatTotal(rows.map((row) => row.fiatValue?.value));
  const value = shownFiatDifference(total, now);
  return value === null ? null : { total, symbols, value };
}
