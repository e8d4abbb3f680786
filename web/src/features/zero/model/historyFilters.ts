/**
 * The history view's `get_actions` filters (spec §7: after, before, notified,
 * act.name, block) as the user types them, checked and turned into the API's query.
 * Times are typed in the user's local time (a `datetime-local` field) and sent in UTC,
 * the chain's time.
 */

import type { ParseKeys } from 'i18next';
import { validateAccountName } from '../../../lib/validation/accountName';

export interface HistoryFilterInput {
  readonly actName: string;
  readonly notified: string;
  /** `YYYY-MM-DDTHH:MM` in local time, or ''. */
  readonly after: string;
  readonly before: string;
  readonly block: string;
}

export const NO_FILTERS: HistoryFilterInput = { actName: '', notified: '', after: '', before: '', block: '' };

export interface HistoryFilters {
  readonly actName?: string;
  readonly notified?: string;
  readonly after?: string;
  readonly before?: string;
  readonly block?: number;
}

export type FilterField = keyof HistoryFilterInput;

export type FilterResult =
  | { readonly ok: true; readonly filters: HistoryFilters }
  | { readonly ok: false; readonly errors: Partial<Record<FilterField, ParseKeys>> };

/** A local `datetime-local` value as the chain's UTC time (`2026-11-27T14:00:00`), or null. */
export function chainTimeOf(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const instant = new Date(local);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString().slice(0, 19);
}

/** Checks the typed filters; empty fields are no filter. */
export function checkHistoryFilters(input: HistoryFilterInput): FilterResult {
  const errors: Partial<Record<FilterField, ParseKeys>> = {};
  const filters: { -readonly [K in keyof HistoryFilters]: HistoryFilters[K] } = {};
  const actName = input.actName.trim();
  if (actName !== '') {
    if (/^[a-z1-5.]{1,12}$/.test(actName)) filters.actName = actName;
    else errors.actName = 'zero.history.filter_bad_action';
  }
  const notified = input.notified.trim();
  if (notified !== '') {
    const checked = validateAccountName(notified);
    if (checked.ok) filters.notified = notified;
    else errors.notified = checked.error.key;
  }
  for (const field of ['after', 'before'] as const) {
    if (input[field] === '') continue;
    const time = chainTimeOf(input[field]);
    if (time === null) errors[field] = 'zero.history.filter_bad_time';
    else filters[field] = time;
  }
  const block = input.block.trim();
  if (block !== '') {
    if (/^\d{1,10}$/.test(block) && Number(block) <= 4_294_967_295) filters.block = Number(block);
    else errors.block = 'zero.history.filter_bad_block';
  }
  if (filters.after !== undefined && filters.before !== undefined && filters.after > filters.before) {
    errors.before = 'zero.history.filter_before_after';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, filters };
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
