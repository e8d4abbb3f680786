import { describe, expect, it } from 'vitest';
import { combinedFiatTotal } from './combinedTotal';

describe('combinedFiatTotal', () => {
  it('adds the native and the EVM totals exactly', () => {
    expect(combinedFiatTotal('211.05', '2857.91')).toBe('3068.96');
    expect(combinedFiatTotal('0.1', '0.2')).toBe('0.3');
  });

  it('is not shown when either side is unknown or unreadable', () => {
    expect(combinedFiatTotal(null, '1')).toBeNull();
    expect(combinedFiatTotal('1', undefined)).toBeNull();
    expect(combinedFiatTotal('1', 'n/a')).toBeNull();
  });
});
