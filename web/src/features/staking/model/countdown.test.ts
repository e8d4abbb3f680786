import { describe, expect, it } from 'vitest';
import { countdown, depositStatus, describeDuration, durationUnit, nextUnlockIn, secondsUntil } from './countdown';

describe('describeDuration (spec §9, the same cases as the Rust describe_duration)', () => {
  const cases: [number, string][] = [
    [0, '0 minute'],
    [59, '0 minute'],
    [60, '1 minute'],
    [3_599, '59 minute'],
    [3_600, '1 hour'],
    [86_399, '23 hour'],
    [4 * 86_400, '4 day'],
    [7 * 86_400, '1 week'],
    [10 * 86_400, '1 week'],
    [29 * 86_400, '4 week'],
    [30 * 86_400, '1 month'],
    [364 * 86_400, '12 month'],
    [365 * 86_400, '1 year'],
    [3 * 365 * 86_400 + 5, '3 year'],
  ];
  for (const [seconds, expected] of cases) {
    it(`${seconds} s is ${expected}`, () => {
      const { value, unit } = describeDuration(seconds);
      expect(`${value} ${unit}`).toBe(expected);
    });
  }

  it('treats a negative or fractional input as whole seconds from zero', () => {
    expect(describeDuration(-5)).toEqual({ value: 0, unit: 'minute' });
    expect(describeDuration(3_600.9)).toEqual({ value: 1, unit: 'hour' });
  });

  it('accepts only the spec’s units from the server', () => {
    expect(durationUnit('hour')).toBe('hour');
    expect(durationUnit('fortnight')).toBeNull();
  });
});

describe('countdown', () => {
  it('shows H:MM:SS under a day and days with HH:MM:SS beyond', () => {
    expect(countdown(3_598)).toEqual({ days: 0, clock: '0:59:58' });
    expect(countdown(3_600)).toEqual({ days: 0, clock: '1:00:00' });
    expect(countdown(86_399)).toEqual({ days: 0, clock: '23:59:59' });
    expect(countdown(2 * 86_400 + 3 * 3_600 + 4 * 60 + 5)).toEqual({ days: 2, clock: '03:04:05' });
    expect(countdown(-10)).toEqual({ days: 0, clock: '0:00:00' });
  });

  it('counts seconds left without going negative', () => {
    expect(secondsUntil(1_000, 400.5)).toBe(599);
    expect(secondsUntil(1_000, 2_000)).toBe(0);
  });
});

describe('depositStatus and nextUnlockIn', () => {
  const deposits = [
    { unlocked: true, until: 100 },
    { unlocked: false, until: 500 },
    { unlocked: false, until: 4_000 },
  ];

  it('trusts the chain for unlocked, and calls a passed deadline the chain has not seen yet unlocking', () => {
    expect(depositStatus(deposits[0] ?? { unlocked: false, until: 0 }, 50)).toBe('unlocked');
    expect(depositStatus({ unlocked: false, until: 500 }, 499)).toBe('locked');
    expect(depositStatus({ unlocked: false, until: 500 }, 500)).toBe('unlocking');
  });

  it('finds the next still-locked deposit', () => {
    expect(nextUnlockIn(deposits, 400)).toBe(100);
    expect(nextUnlockIn(deposits, 600)).toBe(3_400);
    expect(nextUnlockIn(deposits, 5_000)).toBeNull();
  });
});
