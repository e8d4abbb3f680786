import { describe, expect, it } from 'vitest';
import { publishedFigure, reasonKey, tolerancePoints, yieldLines, type StakingYieldView } from './model';

const DAY = 86_400;
const NOW = 1_800_000_000;

function view(overrides: Partial<StakingYieldView> = {}): StakingYieldView {
  return {
    systemToken: 'TLOS',
    shareToken: 'STLOS',
    now: { block: 900, time: NOW, assets: '1.06', shares: '1' },
    windows: [
      {
        days: 30,
        start: NOW - 30 * DAY,
        from: { block: 100, time: NOW - 30 * DAY, assets: '1.05', shares: '1' },
        returnPercent: '0.9524',
        annualPercent: '11.59',
        unavailable: null,
      },
      { days: 7, start: NOW - 7 * DAY, from: null, returnPercent: null, annualPercent: null, unavailable: 'not_recorded' },
    ],
    publishedApy: null,
    publishedStatus: 'disagrees',
    toleranceHundredths: 100,
    ...overrides,
  };
}

function thirtyDays(): StakingYieldView['windows'][number] {
  const found = view().windows.find((window) => window.days === 30);
  if (!found) throw new Error('the fixture has a 30-day window');
  return found;
}

describe('measured yield lines', () => {
  it('shows each window shortest first: measured with its dates, or the reason', () => {
    expect(yieldLines(view())).toEqual([
      { kind: 'unavailable', days: 7, reason: 'not_recorded' },
      { kind: 'measured', days: 30, from: NOW - 30 * DAY, to: NOW, annualPercent: '11.59', returnPercent: '+0.9524' },
    ]);
  });

  it('signs the return, leaving zero and losses as they are', () => {
    const returnOf = (returnPercent: string) => {
      const line = yieldLines(view({ windows: [{ ...thirtyDays(), returnPercent }] }))[0];
      return line?.kind === 'measured' ? line.returnPercent : null;
    };
    expect(returnOf('0.0000')).toBe('0.0000');
    expect(returnOf('-0.0100')).toBe('-0.0100');
    expect(returnOf('0.0001')).toBe('+0.0001');
  });

  it('never makes a number out of a window without one', () => {
    const lines = yieldLines(view({ windows: [{ ...thirtyDays(), annualPercent: null, unavailable: null }] }));
    expect(lines).toEqual([{ kind: 'unavailable', days: 30, reason: 'history_not_readable' }]);
    expect(reasonKey('chain_too_young')).toBe('yield.unavailable.chain_too_young');
  });

  it('shows the published APY only when the server found it agreeing', () => {
    expect(publishedFigure(view())).toBeNull();
    expect(publishedFigure(view({ publishedApy: '11.2', publishedStatus: 'agrees' }))).toEqual({ percent: '11.2', tolerance: '1.00' });
    expect(publishedFigure(view({ publishedApy: null, publishedStatus: 'agrees' }))).toBeNull();
    expect(tolerancePoints(5)).toBe('0.05');
    expect(tolerancePoints(250)).toBe('2.50');
  });
});
