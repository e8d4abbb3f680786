/**
 * Shape checks for JSON from the server, shared by every endpoint file (EVM and
 * native): a changed server fails loudly, naming the field, instead of rendering blanks.
 */

import { isRecord } from './client';

export function expectRecord(json: unknown, what: string): Record<string, unknown> {
  if (!isRecord(json)) throw new Error(`${what} is not an object`);
  return json;
}

export function expectString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
  return value;
}

export function expectBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`${field} is not a boolean`);
  return value;
}

export function expectNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${field} is not a number`);
  return value;
}

export function expectArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field} is not a list`);
  return value;
}
