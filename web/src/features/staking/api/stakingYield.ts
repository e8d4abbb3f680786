import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { StakingYieldView as StakingYieldViewShape } from '../../../lib/api/generated/answerShapes';
import type { StakingYieldView } from '../../../lib/staking-yield/model';

/** GET /api/v1/evm/{network}/staking/yield: STLOS's yield measured over 7 and 30 days (ADR 0039). */
export function fetchStakingYield(network: string, options?: RequestOptions): Promise<StakingYieldView> {
  return apiGet('/api/v1/evm/{network}/staking/yield', { path: { network } }, StakingYieldViewShape, options);
}

export const stakingYieldQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'staking', 'yield'] as const,
    queryFn: ({ signal }) => fetchStakingYield(network, { signal }),
    // The server keeps the measurement ten minutes.
    staleTime: 10 * 60_000,
  });

export function useStakingYield(network: string) {
  return useQuery(stakingYieldQueryOptions(network));
}
