/**
 * What every EVM endpoint file shares, whichever feature it belongs to: paths under
 * /api/v1/evm/{network}/…, the generated response types, and the shape checks that
 * make a changed server fail loudly instead of rendering blanks.
 */

import { isRecord } from './client';
import type { components } from './generated/openapi';

export type Schemas = components['schemas'];

export function evmPath(network: string, path: string): string {
  return `/api/v1/evm/${encodeURIComponent(network)}/${path}`;
}

export function evmAccountPath(network: string, address: string, resource: string, query?: URLSearchParams): string {
  const text = query?.toString() ?? '';
  const search = text === '' ? '' : `?${text}`;
  return evmPath(network, `accounts/${encodeURIComponent(address)}/${resource}${search}`);
}

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
