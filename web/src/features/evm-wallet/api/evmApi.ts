/**
 * Shared pieces of the EVM API files (one file per endpoint beside this one):
 * paths under /api/v1/evm/{network}/…, the query-key root, and the response
 * types generated from the server's OpenAPI document.
 */

import { isRecord } from '../../../lib/api/client';
import type { components } from '../../../lib/api/generated/openapi';

export type Schemas = components['schemas'];

export const EVM_QUERY_ROOT = 'evm';

export function evmPath(network: string, path: string): string {
  return `/api/v1/evm/${encodeURIComponent(network)}/${path}`;
}

export function evmAccountPath(network: string, address: string, resource: string, query?: URLSearchParams): string {
  const text = query?.toString() ?? '';
  const search = text === '' ? '' : `?${text}`;
  return evmPath(network, `accounts/${encodeURIComponent(address)}/${resource}${search}`);
}

/** Checks the fields the screens rely on, so a changed server fails loudly instead of rendering blanks. */
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
