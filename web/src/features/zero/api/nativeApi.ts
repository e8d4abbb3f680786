/**
 * Shared pieces of the native API files (one file per endpoint beside this one). Every
 * call goes through the typed endpoints (`lib/api/endpoints`): paths, parameters and
 * answers are the server's OpenAPI document's, generated into `lib/api/generated`
 * (`scripts/gen-api-types.sh`; its `--check` also refuses an untyped call here). These
 * helpers check at run time the fields the screens read. Amounts stay exact decimal text.
 */

import type { Schemas } from '../../../lib/api/endpoints';
import { expectArray, expectNumber, expectRecord, expectString } from '../../../lib/api/shape';

/** An exact token amount: `{quantity: "1.0000 TLOS", amount: "1.0000", symbol, decimals}`. */
export type AssetView = Schemas['AssetView'];

export function optionalText(value: unknown, field: string): string | null {
  return value === undefined || value === null ? null : expectString(value, field);
}

export function asset(json: unknown, field: string): AssetView {
  const value = expectRecord(json, field);
  expectString(value.quantity, `${field}.quantity`);
  expectString(value.amount, `${field}.amount`);
  expectString(value.symbol, `${field}.symbol`);
  expectNumber(value.decimals, `${field}.decimals`);
  return value as AssetView;
}

export function optionalAsset(json: unknown, field: string): AssetView | null {
  return json === undefined || json === null ? null : asset(json, field);
}

/** Every item of a list of text. */
export function textList(value: unknown, field: string): string[] {
  return expectArray(value, field).map((item, index) => expectString(item, `${field}[${index}]`));
}

/** `actor@permission`. */
export function level(value: { readonly actor: string; readonly permission: string }): string {
  return `${value.actor}@${value.permission}`;
}

/** Query keys of every native read start with this, so a signed transaction can refresh them all. */
export { NATIVE_QUERY_ROOT } from '../../../lib/api/native/keys';
