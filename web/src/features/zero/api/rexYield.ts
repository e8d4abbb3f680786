import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet } from '../../../lib/api/endpoints';
import { StakingYieldView as StakingYieldViewShape } from '../../../lib/api/generated/answerShapes';
import type { StakingYieldView } from '../../../lib/staking-yield/model';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/rex/yield: REX's yield measured from the pool's value per REX over 7 and 30 days (ADR 0039). */
export function fetchRexYield(network: string, options?: RequestOptions): Promise<StakingYieldView> {
  return apiGet('/api/v1/native/{network}/rex/yield', { path: { network } }, StakingYieldViewShape, options);
}

export const rexYieldQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'rex-yield'] as const,
    queryFn: ({ signal }) => fetchRexYield(network, { signal }),
    // The server keeps the measurement ten minutes.
    staleTime: 10 * 60_000,
  });

export function useRexYield(network: string) {
  return useQuery(rexYieldQueryOptions(network));
}
