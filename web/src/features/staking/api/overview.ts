import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { expectRecord, expectString } from '../../../lib/api/shape';
import { checkLockPeriod, STAKING_REFRESH_MS } from './stakingApi';

export type StakingOverview = Schemas['StakingOverview'];

/** GET /api/v1/evm/{network}/staking: APY, the two STLOS prices, totals and the lock period. */
export function parseOverview(json: unknown): StakingOverview {
  const view = expectRecord(json, 'staking');
  for (const field of ['systemToken', 'stakedToken', 'stakeRatio', 'unstakeRatio', 'totalStaking', 'apyStatus'] as const) {
    expectString(view[field], field);
  }
  if (view.apy !== null && view.apy !== undefined) expectString(view.apy, 'apy');
  checkLockPeriod(view.lockPeriod);
  return view as StakingOverview;
}

export function fetchOverview(network: string, options?: RequestOptions): Promise<StakingOverview> {
  return apiGet('/api/v1/evm/{network}/staking', { path: { network } }, parseOverview, options);
}

export const overviewQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'staking'] as const,
    queryFn: ({ signal }) => fetchOverview(network, { signal }),
    refetchInterval: STAKING_REFRESH_MS,
  });

export function useStakingOverview(network: string) {
  return useQuery(overviewQueryOptions(network));
}
