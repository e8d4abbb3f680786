/**
 * The approval alarm of the review, shown when the server says a prepared call grants an
 * approval (`PreparedTransaction.grantsApproval`, read by the domain's table of approval
 * calls) and weighs the grant (POST …/approvals/check): what the alarm's title says, and
 * the age of a spender.
 */

import type { Schemas } from '../api/endpoints';

export type ApprovalAlarm = Schemas['ApprovalAlarmView'];

export type AlarmTitle = 'alarm.title_unlimited' | 'alarm.title_above' | 'alarm.title_operator' | 'alarm.title_token' | 'alarm.title_limited';

export function alarmTitle(alarm: ApprovalAlarm): AlarmTitle {
  if (alarm.risks.includes('unlimited')) return 'alarm.title_unlimited';
  if (alarm.risks.includes('aboveBalance')) return 'alarm.title_above';
  if (alarm.kind === 'operator') return 'alarm.title_operator';
  if (alarm.kind === 'singleToken') return 'alarm.title_token';
  return 'alarm.title_limited';
}

/** Whether the review should stop the user: a risk is named. */
export function isAlarming(alarm: ApprovalAlarm): boolean {
  return alarm.risks.length > 0;
}

const UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `thenMs` was, in the largest whole unit (spec §9 duration wording). */
export function ageOf(thenMs: number, nowMs: number): { readonly count: number; readonly unit: string } {
  const elapsed = Math.max(0, nowMs - thenMs);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return { count: Math.floor(elapsed / size), unit };
  }
  return { count: 0, unit: 'minute' };
}
