/**
 * What a measured staking yield answer (`GET …/staking/yield`, `GET …/rex/yield`; ADR 0039)
 * shows: per window, the annualised figure and the window's return with its dates, or why
 * there is no figure; and the network's published APY only when the server found it within
 * its tolerance of the measured one. Plain TS: the figures stay the server's exact text.
 */
import type { Schemas } from '../api/endpoints';

export type StakingYieldView = Schemas['StakingYieldView'];
export type YieldUnavailable = Schemas['YieldUnavailable'];

export type YieldLine =
  | {
      readonly kind: 'measured';
      readonly days: number;
      /** Seconds since the epoch: the window's start and end (the head block's time). */
      readonly from: number;
      readonly to: number;
      readonly annualPercent: string;
      /** Signed: "+0.0991", "-0.0100", "0.0000". */
      readonly returnPercent: string;
    }
  | { readonly kind: 'unavailable'; readonly days: number; readonly reason: YieldUnavailable };

/** One line per window, shortest first. */
export function yieldLines(view: StakingYieldView): YieldLine[] {
  return [...view.windows]
    .sort((a, b) => a.days - b.days)
    .map((window): YieldLine => {
      const measured = window.annualPercent != null && window.returnPercent != null && window.unavailable == null;
      if (!measured) {
        return { kind: 'unavailable', days: window.days, reason: window.unavailable ?? 'history_not_readable' };
      }
      return {
        kind: 'measured',
        days: window.days,
        from: window.start,
        to: view.now.time,
        annualPercent: window.annualPercent ?? '',
        returnPercent: signed(window.returnPercent ?? ''),
      };
    });
}

function signed(percent: string): string {
  if (percent.startsWith('-')) return percent;
  return /[1-9]/.test(percent) ? `+${percent}` : percent;
}

/** The tolerance in percentage points with two decimals: 100 hundredths → "1.00". */
export function tolerancePoints(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = String(hundredths % 100).padStart(2, '0');
  return `${whole}.${rest}`;
}

/** The published APY when it is shown: only when it agrees with the measured figure. */
export function publishedFigure(view: StakingYieldView): { readonly percent: string; readonly tolerance: string } | null {
  if (view.publishedStatus !== 'agrees' || view.publishedApy == null) return null;
  return { percent: view.publishedApy, tolerance: tolerancePoints(view.toleranceHundredths) };
}

/** The i18n key of a reason (keys under `yield.unavailable.*`). */
export function reasonKey(reason: YieldUnavailable): `yield.unavailable.${YieldUnavailable}` {
  return `yield.unavailable.${reason}`;
}
