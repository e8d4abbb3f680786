/**
 * Shared pieces of the Wrap TLOS endpoint files (one file per endpoint beside this
 * one): the query-key root and the checks that make a changed server fail loudly
 * instead of rendering blanks.
 */

export { expectRecord, expectString, expectArray } from '../../../lib/api/evmEndpoints';

/** Query keys of this screen start here, apart from other screens' caches of the same endpoints. */
export const WRAP_QUERY_ROOT = 'wrap';

