/**
 * Time on the Staking screen: the unlock countdown of each escrow deposit, the
 * duration wording of spec §9 (the same rule as the Rust `describe_duration`, so
 * the lock period reads the same as the server's `lockPeriod`), and unlock times
 * in the spec's default date format 'MMM d, yyyy hh:mm:ss a'.
 */

export const DURATION_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const DAY = 86_400;

const UNIT_SECONDS: Record<DurationUnit, number> = {
  minute: 60,
  hour: 3_600,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

export interface DescribedDuration {
  /** Whole units, rounded down. */
  readonly value: number;
  readonly unit: DurationUnit;
}

/**
 * Spec §9 "Duration formatting picks minutes, hours, days, weeks, months or
 * years": the largest unit that fits at least once, counted whole and rounded
 * down (10 days read "1 week", so a lock never reads longer than it is); under a
 * minute reads "0 minutes".
 */
export function describeDuration(seconds: number): DescribedDuration {
  const whole = Math.max(0, Math.floor(seconds));
  const unit = (['year', 'month', 'week', 'day', 'hour'] as const).find((candidate) => whole >= UNIT_SECONDS[candidate]) ?? 'minute';
  return { value: Math.floor(whole / UNIT_SECONDS[unit]), unit };
}

/** A unit name from the server (`lockPeriod.unit`), when it is one of spec §9's. */
export function durationUnit(text: string): DurationUnit | null {
  return DURATION_UNITS.find((unit) => unit === text) ?? null;
}

/** Seconds from `nowSeconds` until `until`, never negative. */
export function secondsUntil(until: number, nowSeconds: number): number {
  return Math.max(0, Math.floor(until - nowSeconds));
}

export interface Countdown {
  /** Whole days left. */
  readonly days: number;
  /** The rest as H:MM:SS (HH:MM:SS after a day count). */
  readonly clock: string;
}

const two = (value: number) => value.toString().padStart(2, '0');

/** A live countdown: "0:59:58", or 2 days and "03:04:05". */
export function countdown(secondsLeft: number): Countdown {
  const total = Math.max(0, Math.floor(secondsLeft));
  const days = Math.floor(total / DAY);
  const rest = total % DAY;
  const hours = Math.floor(rest / 3_600);
  const minutes = Math.floor((rest % 3_600) / 60);
  const seconds = rest % 60;
  const hourText = days > 0 ? two(hours) : hours.toString();
  return { days, clock: `${hourText}:${two(minutes)}:${two(seconds)}` };
}

export type DepositStatus = 'unlocked' | 'unlocking' | 'locked';

/**
 * A deposit is unlocked when the chain said so (`unlocked`, judged at the block
 * read); when the clock has passed `until` but the chain has not caught up yet
 * (no newer block), it is "unlocking"; else still locked.
 */
export function depositStatus(deposit: { unlocked: boolean; until: number }, nowSeconds: number): DepositStatus {
  if (deposit.unlocked) return 'unlocked';
  return deposit.until <= nowSeconds ? 'unlocking' : 'locked';
}

/** The seconds until the next still-locked deposit unlocks, or null when none is locked. */
export function nextUnlockIn(deposits: readonly { unlocked: boolean; until: number }[], nowSeconds: number): number | null {
  const waiting = deposits.filter((deposit) => depositStatus(deposit, nowSeconds) === 'locked').map((deposit) => secondsUntil(deposit.until, nowSeconds));
  return waiting.length === 0 ? null : Math.min(...waiting);
}
