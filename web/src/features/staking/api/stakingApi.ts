/**
 * Shared pieces of the Staking endpoint files (one file per endpoint beside this
 * one): the refresh rate and the check both answers need.
 */

import { BALANCES_REFRESH_MS } from '../../../lib/api/evm/accountWrites';
import { expectNumber, expectRecord, expectString } from '../../../lib/api/shape';

/** Staking figures refresh like the balances (spec §4: every 10 s). */
export const STAKING_REFRESH_MS = BALANCES_REFRESH_MS;

/** `lockPeriod`: seconds, and the server's wording in value + unit. */
export function checkLockPeriod(json: unknown): void {
  const period = expectRecord(json, 'lockPeriod');
  expectNumber(period.seconds, 'lockPeriod.seconds');
  expectNumber(period.value, 'lockPeriod.value');
  expectString(period.unit, 'lockPeriod.unit');
  expectString(period.text, 'lockPeriod.text');
}
