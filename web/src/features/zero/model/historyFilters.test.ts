import { describe, expect, it } from 'vitest';
import { chainTimeOf, checkHistoryFilters, hasFilters, NO_FILTERS } from './historyFilters';

describe('checkHistoryFilters', () => {
  it('turns typed filters into the API query, times in UTC', () => {
    const result = checkHistoryFilters({ actName: ' transfer ', notified: 'kid1.carol', after: '2026-11-27T10:00', before: '', block: '42' });
    expect(result).toEqual({
      ok: true,
      filters: { actName: 'transfer', notified: 'kid1.carol', after: chainTimeOf('2026-11-27T10:00'), block: 42 },
    });
    expect(checkHistoryFilters(NO_FILTERS)).toEqual({ ok: true, filters: {} });
    expect(hasFilters({})).toBe(false);
  });

  it('names each bad field', () => {
    const result = checkHistoryFilters({ actName: 'Transfer', notified: 'Kid', after: '2026-11-28T10:00', before: '2026-11-27T10:00', block: '-1' });
    expect(result).toEqual({
      ok: false,
      errors: {
        actName: 'zero.history.filter_bad_action',
        notified: 'validation.account_name_characters',
        before: 'zero.history.filter_before_after',
        block: 'zero.history.filter_bad_block',
      },
    });
    expect(checkHistoryFilters({ ...NO_FILTERS, after: 'yesterday' })).toEqual({ ok: false, errors: { after: 'zero.history.filter_bad_time' } });
  });

  it('reads a local time as the chain writes UTC', () => {
    const utc = chainTimeOf('2026-01-02T03:04');
    expect(utc).toMatch(/^2026-01-0[12]T\d{2}:\d{2}:00$/);
    expect(new Date(`${utc ?? ''}Z`).getTime()).toBe(new Date('2026-01-02T03:04').getTime());
    expect(chainTimeOf('2026-13-99T99:99')).toBeNull();
  });
});
