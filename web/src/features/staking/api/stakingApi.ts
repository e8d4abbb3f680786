/**
 * Shared pieces of the Staking endpoint files (one file per endpoint beside this
 * one): paths, the query-key root, the generated response types, and the checks
 * that make a changed server fail loudly instead of rendering blanks.
 */

import { isRecord } from '../../../lib/api/client';
import type { components } from '../../../lib/api/generated/openapi';

export type Schemas = components['schemas'];

/** Query keys of this screen start here, apart from other screens' caches of the same endpoints. */
export const STAKING_QUERY_ROOT = 'staking';

/** Staking figures and balances refresh like the wallet's balances (spec §4: every 10 s). */
export const STAKING_REFRESH_MS = 10_000;

export function evmPath(network: string, path: string): string {
  return `/api/v1/evm/${encodeURIComponent(network)}/${path}`;
}

export function expectRecord(json: unknown, what: string): Record<string, unknown> {
  if (!isRecord(json)) throw new Error(`${what} is not an object`);
  return json;
}

export function expectString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
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

/** `lockPeriod`: seconds, and the server's wording in value + unit. */
export function checkLockPeriod(json: unknown): void {
  const period = expectRecord(json, 'lockPeriod');
  expectNumber(period.seconds, 'lockPeriod.seconds');
  expectNumber(period.value, 'lockPeriod.value');
  expectString(period.unit, 'lockPeriod.unit');
  expectString(period.text, 'lockPeriod.text');
}
