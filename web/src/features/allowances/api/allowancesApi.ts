/**
 * Shared pieces of the Approvals API files (one file per endpoint beside this
 * one): paths under /api/v1/evm/{network}/…, the generated response types and
 * the shape checks.
 */

export { evmPath, expectRecord, expectString, expectBoolean, expectArray, type Schemas } from '../../../lib/api/evmEndpoints';

