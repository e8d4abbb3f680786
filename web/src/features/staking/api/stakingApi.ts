/**
 * Shared pieces of the Staking endpoint files (one file per endpoint beside this
 * one): paths, the query-key root, the generated response types, and the checks
 * that make a changed server fail loudly instead of rendering blanks.
 */

import { expectRecord, expectString, expectNumber } from '../../../lib/api/evmEndpoints';
export { evmPath, expectRecord, expectString, expectNumber, expectArray, type Schemas } from '../../../lib/api/evmEndpoints';

/** Query keys of this screen start here, apart from other screens' caches of the same endpoints. */
export const STAKING_QUERY_ROOT = 'staking';

/** Staking figures and balances refresh like the wallet's balances (spec §4: every 10 s). */
export const STAKING_REFRESH_MS = 10_000;

/** `lockPeriod`: seconds, and the server's wording in value + unit. */
export function checkLockPeriod(json: unknown): void {
  const period = expectRecord(json, 'lockPeriod');
  expectNumber(period.seconds, 'lockPeriod.seconds');
  expectNumber(period.value, 'lockPeriod.value');
  expectString(period.unit, 'lockPeriod.unit');
  expectString(period.text, 'lockPeriod.text');
}
