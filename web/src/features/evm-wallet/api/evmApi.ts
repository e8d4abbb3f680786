/**
 * Shared pieces of the EVM API files (one file per endpoint beside this one):
 * paths under /api/v1/evm/{network}/…, the query-key root, and the response
 * types generated from the server's OpenAPI document.
 */

export { evmPath, evmAccountPath, expectRecord, expectString, expectArray, type Schemas } from '../../../lib/api/evmEndpoints';

export const EVM_QUERY_ROOT = 'evm';

