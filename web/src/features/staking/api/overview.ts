import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { StakingOverview as StakingOverviewShape } from '../../../lib/api/generated/answerShapes';
import { STAKING_REFRESH_MS } from './stakingApi';

export type StakingOverview = Schemas['StakingOverview'];

/** GET /api/v1/evm/{network}/staking: APY, the two STLOS prices, totals and the lock period. */
export function fetchOverview(network: string, options?: RequestOptions): Promise<StakingOverview> {
  return apiGet('/api/v1/evm/{network}/staking', { path: { network } }, StakingOverviewShape, options);
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
