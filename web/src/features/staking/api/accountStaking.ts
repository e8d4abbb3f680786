import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { expectArray, expectNumber, expectRecord, expectString } from '../../../lib/api/shape';
import { checkLockPeriod, STAKING_REFRESH_MS } from './stakingApi';

export type AccountStaking = Schemas['AccountStaking'];
export type EscrowDeposit = Schemas['DepositView'];

/** GET /api/v1/evm/{network}/accounts/{address}/staking: STLOS held and its worth, the escrow deposits, what can be withdrawn. */
export function parseAccountStaking(json: unknown): AccountStaking {
  const view = expectRecord(json, 'account staking');
  for (const field of ['address', 'balance', 'balanceValue', 'withdrawable', 'locked'] as const) {
    expectString(view[field], field);
  }
  expectArray(view.deposits, 'deposits').forEach((item, index) => {
    const deposit = expectRecord(item, `deposits[${index}]`);
    expectString(deposit.amount, `deposits[${index}].amount`);
    expectNumber(deposit.until, `deposits[${index}].until`);
    if (typeof deposit.unlocked !== 'boolean') throw new Error(`deposits[${index}].unlocked is not a boolean`);
  });
  checkLockPeriod(view.lockPeriod);
  return view as AccountStaking;
}

export function fetchAccountStaking(network: string, address: string, options?: RequestOptions): Promise<AccountStaking> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/staking', { path: { network, address } }, parseAccountStaking, options);
}

export const accountStakingQueryOptions = (network: string, address: string) =>
  queryOptions({
    queryKey: evmAccountResourceKey(network, address, 'staking'),
    queryFn: ({ signal }) => fetchAccountStaking(network, address, { signal }),
    refetchInterval: STAKING_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export function useAccountStaking(network: string, address: string) {
  return useQuery(accountStakingQueryOptions(network, address));
}
