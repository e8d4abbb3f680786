import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { checkLockPeriod, evmPath, expectRecord, expectString, STAKING_QUERY_ROOT, STAKING_REFRESH_MS, type Schemas } from './stakingApi';

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
  return getJson(evmPath(network, 'staking'), parseOverview, options);
}

export const overviewQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [STAKING_QUERY_ROOT, network, 'overview'] as const,
    queryFn: ({ signal }) => fetchOverview(network, { signal }),
    refetchInterval: STAKING_REFRESH_MS,
  });

export function useStakingOverview(network: string) {
  return useQuery(overviewQueryOptions(network));
}
