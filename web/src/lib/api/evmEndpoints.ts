/**
 * What every EVM endpoint file shares, whichever feature it belongs to: paths under
 * /api/v1/evm/{network}/…, the generated response types, and the shape checks that
 * make a changed server fail loudly instead of rendering blanks.
 */

import type { components } from './generated/openapi';

export { expectArray, expectBoolean, expectNumber, expectRecord, expectString } from './shape';

export type Schemas = components['schemas'];

export function evmPath(network: string, path: string): string {
  return `/api/v1/evm/${encodeURIComponent(network)}/${path}`;
}

export function evmAccountPath(network: string, address: string, resource: string, query?: URLSearchParams): string {
  const text = query?.toString() ?? '';
  const search = text === '' ? '' : `?${text}`;
  return evmPath(network, `accounts/${encodeURIComponent(address)}/${resource}${search}`);
}
