import { describe, expect, it } from 'vitest';
import { shownFiatDifference, shownFiatTotal } from './shownTotal';

describe('totals as shown', () => {
  it('adds the rows as printed, so the total is their sum to the cent', () => {
    // Printed rows: 0.01 + 0.01 + 0.01 = 0.03, where the exact sum 0.015 would print 0.02.
    expect(shownFiatTotal(['0.005', '0.005', '0.005'])).toBe('0.03');
    expect(shownFiatTotal(['2321.404', '990.695', null, undefined, 'not a number'])).toBe('3312.1');
    expect(shownFiatTotal([])).toBe('0');
  });

  it('takes a shown part from a shown total', () => {
    expect(shownFiatDifference('3312.10', '2321.404')).toBe('990.7');
    expect(shownFiatDifference('1', '2')).toBe('0');
    expect(shownFiatDifference('x', '2')).toBeNull();
  });
});
