import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { RexApyView as RexApyViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/rex/apy: the product API's REX APY (spec §7 `apy/native`), or why there is none. */
export type RexApyView = Schemas['RexApyView'];

export function fetchRexApy(network: string, options?: RequestOptions): Promise<RexApyView> {
  return apiGet('/api/v1/native/{network}/rex/apy', { path: { network } }, RexApyViewShape, options);
}

export const rexApyQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'rex-apy'] as const,
    queryFn: ({ signal }) => fetchRexApy(network, { signal }),
    // Spec §9: the server keeps it ten minutes.
    staleTime: 10 * 60_000,
  });

export function useRexApy(network: string) {
  return useQuery(rexApyQueryOptions(network));
}
