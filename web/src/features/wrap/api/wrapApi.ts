/**
 * Shared pieces of the Wrap TLOS endpoint files (one file per endpoint beside this
 * one): the query-key root and the checks that make a changed server fail loudly
 * instead of rendering blanks.
 */

import { isRecord } from '../../../lib/api/client';

/** Query keys of this screen start here, apart from other screens' caches of the same endpoints. */
export const WRAP_QUERY_ROOT = 'wrap';

export function expectRecord(json: unknown, what: string): Record<string, unknown> {
  if (!isRecord(json)) throw new Error(`${what} is not an object`);
  return json;
}

export function expectString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
  return value;
}

export function expectArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field} is not a list`);
  return value;
}
