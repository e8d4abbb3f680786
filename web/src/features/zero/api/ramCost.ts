import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { RamCostView as RamCostViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/ram-cost?bytes: what `buyrambytes` takes for the bytes now, fee included. */
export type RamCostView = Schemas['RamCostView'];

export function fetchRamCost(network: string, bytes: number, options?: RequestOptions): Promise<RamCostView> {
  return apiGet('/api/v1/native/{network}/ram-cost', { path: { network }, query: { bytes } }, RamCostViewShape, options);
}

export const ramCostQueryOptions = (network: string, bytes: number) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'ram-cost', bytes] as const,
    queryFn: ({ signal }) => fetchRamCost(network, bytes, { signal }),
    // The RAM market moves with every purchase: read it again each minute while shown.
    refetchInterval: 60_000,
  });

export function useRamCost(network: string, bytes: number) {
  return useQuery(ramCostQueryOptions(network, bytes));
}
