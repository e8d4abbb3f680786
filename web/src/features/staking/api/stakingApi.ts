/**
 * Shared pieces of the Staking endpoint files (one file per endpoint beside this
 * one): the refresh rate both answers follow.
 */

import { BALANCES_REFRESH_MS } from '../../../lib/api/evm/accountWrites';

/** Staking figures refresh like the balances (spec §4: every 10 s). */
export const STAKING_REFRESH_MS = BALANCES_REFRESH_MS;
