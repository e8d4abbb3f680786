/**
 * Shared pieces of the native API files (one file per endpoint beside this one). Every
 * call goes through the typed endpoints (`lib/api/endpoints`): paths, parameters and
 * answers are the server's OpenAPI document's, generated into `lib/api/generated`
 * (`scripts/gen-api-types.sh`; its `--check` also refuses an untyped call here), and
 * checked at run time against the shapes generated from the same document. Amounts stay
 * exact decimal text.
 */

import type { Schemas } from '../../../lib/api/endpoints';

/** An exact token amount: `{quantity: "1.0000 TLOS", amount: "1.0000", symbol, decimals}`. */
export type AssetView = Schemas['AssetView'];

/** `actor@permission`. */
export function level(value: { readonly actor: string; readonly permission: string }): string {
  return `${value.actor}@${value.permission}`;
}

/** Query keys of every native read start with this, so a signed transaction can refresh them all. */
export { NATIVE_QUERY_ROOT } from '../../../lib/api/native/keys';
