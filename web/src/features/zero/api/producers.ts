import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { ProducersView as ProducersViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/producers: registered block producers in vote order and the active schedule. */
export type ProducersView = Schemas['ProducersView'];

export function fetchProducers(network: string, options?: RequestOptions): Promise<ProducersView> {
  return apiGet('/api/v1/native/{network}/producers', { path: { network } }, ProducersViewShape, options);
}

export const producersQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'producers'] as const,
    queryFn: ({ signal }) => fetchProducers(network, { signal }),
    staleTime: 60_000,
  });

export function useProducers(network: string) {
  return useQuery(producersQueryOptions(network));
}
