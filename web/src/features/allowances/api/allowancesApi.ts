/**
 * Shared pieces of the Approvals API files (one file per endpoint beside this
 * one): paths under /api/v1/evm/{network}/…, the generated response types and
 * the shape checks.
 */

import { isRecord } from '../../../lib/api/client';
import type { components } from '../../../lib/api/generated/openapi';

export type Schemas = components['schemas'];

export function evmPath(network: string, path: string): string {
  return `/api/v1/evm/${encodeURIComponent(network)}/${path}`;
}

/** Checks the fields the screen relies on, so a changed server fails loudly instead of rendering blanks. */
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

export function expectArray(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field} is not a list`);
  return value;
}
