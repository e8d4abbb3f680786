/**
 * The export's date range as typed in the dialog (two optional `YYYY-MM-DD` days, UTC,
 * both included), checked before anything is asked: the server checks the same rules
 * (`export.*` codes) and its answer shows with the same words.
 */

export type RangeIssue = 'historyExport.invalid_date' | 'historyExport.reversed' | 'historyExport.in_future';

export interface CheckedRange {
  readonly from: string | null;
  readonly to: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `today` is the user's own date (`YYYY-MM-DD`): a range may not start after it. */
export function checkRange(from: string, to: string, today: string): { ok: true; value: CheckedRange } | { ok: false; issue: RangeIssue; field: 'from' | 'to' } {
  const start = from.trim();
  const end = to.trim();
  if (start !== '' && !isDay(start)) return { ok: false, issue: 'historyExport.invalid_date', field: 'from' };
  if (end !== '' && !isDay(end)) return { ok: false, issue: 'historyExport.invalid_date', field: 'to' };
  if (start !== '' && start > today) return { ok: false, issue: 'historyExport.in_future', field: 'from' };
  if (start !== '' && end !== '' && start > end) return { ok: false, issue: 'historyExport.reversed', field: 'from' };
  return { ok: true, value: { from: start === '' ? null : start, to: end === '' ? null : end } };
}

/** The server's refusal codes in the dialog's words. */
export function serverRangeIssue(code: string): RangeIssue | null {
  switch (code) {
    case 'export.invalid_date':
      return 'historyExport.invalid_date';
    case 'export.range_reversed':
      return 'historyExport.reversed';
    case 'export.range_in_future':
      return 'historyExport.in_future';
    default:
      return null;
  }
}

/** The user's local date as `YYYY-MM-DD`. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
