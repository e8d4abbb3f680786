import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { expectRecord, expectString } from '../../../lib/api/shape';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/rex/apy: the product API's REX APY (spec §7 `apy/native`), or why there is none. */
export type RexApyView = Schemas['RexApyView'];

export function parseRexApy(json: unknown): RexApyView {
  const value = expectRecord(json, 'rexApy');
  expectString(value.status, 'status');
  if (value.apy !== null && value.apy !== undefined) expectString(value.apy, 'apy');
  return value as RexApyView;
}

export function fetchRexApy(network: string, options?: RequestOptions): Promise<RexApyView> {
  return apiGet('/api/v1/native/{network}/rex/apy', { path: { network } }, parseRexApy, options);
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
