import { describe, expect, it } from 'vitest';
import { ageOf, alarmTitle, isAlarming, type ApprovalAlarm } from './approvalAlarm';

const base: ApprovalAlarm = {
  kind: 'allowance',
  contract: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  decimals: 6,
  unlimited: false,
  risks: [],
  spender: { address: '0xa513E6E4b8f2a923D98304ec87F64353C4D5C853', verified: false, otherApproversAtLeast: false },
};

describe('the approval alarm', () => {

  it('names the worst risk in its title', () => {
    expect(alarmTitle({ ...base, unlimited: true, risks: ['unlimited'] })).toBe('alarm.title_unlimited');
    expect(alarmTitle({ ...base, risks: ['aboveBalance'] })).toBe('alarm.title_above');
    expect(alarmTitle({ ...base, kind: 'operator', risks: ['wholeCollection'] })).toBe('alarm.title_operator');
    expect(alarmTitle({ ...base, kind: 'singleToken' })).toBe('alarm.title_token');
    expect(alarmTitle(base)).toBe('alarm.title_limited');
    expect(isAlarming(base)).toBe(false);
    expect(isAlarming({ ...base, risks: ['unlimited'] })).toBe(true);
  });

  it('says a spender’s age in the largest whole unit', () => {
    expect(ageOf(0, 3 * 86_400_000 + 5)).toEqual({ count: 3, unit: 'day' });
    expect(ageOf(0, 400 * 86_400_000)).toEqual({ count: 1, unit: 'year' });
    expect(ageOf(0, 30_000)).toEqual({ count: 0, unit: 'minute' });
  });
});
