import { describe, expect, it } from 'vitest';
import { formatDateTime, isoDateTime } from './dateTime';

describe('formatDateTime (spec §9 default date format MMM d, yyyy hh:mm:ss a)', () => {
  it('writes the pattern with 12-hour, zero-padded time', () => {
    expect(formatDateTime(1_795_577_926, 'en-US', 'UTC')).toBe('Nov 25, 2026 03:38:46 AM');
    expect(formatDateTime(0, 'en-US', 'UTC')).toBe('Jan 1, 1970 12:00:00 AM');
    expect(formatDateTime(1_700_000_000, 'en-US', 'UTC')).toBe('Nov 14, 2023 10:13:20 PM');
  });

  it('takes a Date as well as seconds since the epoch', () => {
    expect(formatDateTime(new Date('2026-11-25T03:38:46.500Z'), 'en-US', 'UTC')).toBe('Nov 25, 2026 03:38:46 AM');
  });

  it("uses the locale's month names and day period", () => {
    expect(formatDateTime(1_700_000_000, 'de-DE', 'UTC')).toMatch(/^Nov\.? 14, 2023 10:13:20 PM$/);
    expect(formatDateTime(1_700_000_000, 'fr-FR', 'UTC')).toMatch(/^nov\.? 14, 2023 10:13:20 PM$/);
  });

  it('falls back to en-US for a locale the browser does not know', () => {
    expect(formatDateTime(0, 'not a locale!', 'UTC')).toBe('Jan 1, 1970 12:00:00 AM');
  });

  it('writes a dash for an instant that is not a date, and has no machine form for it', () => {
    expect(formatDateTime(new Date('not a date'), 'en-US', 'UTC')).toBe('—');
    expect(isoDateTime(Number.NaN)).toBeUndefined();
    expect(isoDateTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});
