/**
 * Shared pieces of the native API files (one file per endpoint beside this one):
 * the path of a route under /api/v1/native/{network}/…, and narrowing helpers for
 * the JSON shapes they share. Amounts stay exact decimal text (AssetView).
 */

import { expectRecord, expectString } from '../../../lib/api/shape';

export function nativePath(network: string, path: string): string {
  return `/api/v1/native/${encodeURIComponent(network)}/${path}`;
}

export function accountPath(network: string, account: string, rest = ''): string {
  return nativePath(network, `accounts/${encodeURIComponent(account)}${rest === '' ? '' : `/${rest}`}`);
}

/** An exact token amount as the server sends it: `{quantity: "1.0000 TLOS", amount: "1.0000", symbol, decimals}`. */
export interface AssetView {
  readonly quantity: string;
  readonly amount: string;
  readonly symbol: string;
  readonly decimals: number;
}

/** The shared shape checks (lib/api/shape) under this feature's short names. */
export const record = expectRecord;
export const text = expectString;

export function optionalText(value: unknown, field: string): string | null {
  return value === undefined || value === null ? null : text(value, field);
}

export function integer(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`${field} is not an integer`);
  return value;
}

export function optionalInteger(value: unknown, field: string): number | null {
  return value === undefined || value === null ? null : integer(value, field);
}

export function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${field} is not a list`);
  return value;
}

export function textList(value: unknown, field: string): string[] {
  return list(value, field).map((item, index) => text(item, `${field}[${index}]`));
}

export function asset(json: unknown, field: string): AssetView {
  const value = record(json, field);
  return {
    quantity: text(value.quantity, `${field}.quantity`),
    amount: text(value.amount, `${field}.amount`),
    symbol: text(value.symbol, `${field}.symbol`),
    decimals: integer(value.decimals, `${field}.decimals`),
  };
}

export function optionalAsset(json: unknown, field: string): AssetView | null {
  return json === undefined || json === null ? null : asset(json, field);
}

/** Query keys of every native read start with this, so a signed transaction can refresh them all. */
export { NATIVE_QUERY_ROOT } from '../../../lib/api/native/keys';
