import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { ProducerInfosView as ProducerInfosViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/producers/info: what the first 50 producers publish about themselves (`bp.json`), or why it is missing. */
export type ProducerInfosView = Schemas['ProducerInfosView'];
export type ProducerInfo = Schemas['ProducerInfoView'];

export function fetchProducerInfo(network: string, options?: RequestOptions): Promise<ProducerInfosView> {
  return apiGet('/api/v1/native/{network}/producers/info', { path: { network } }, ProducerInfosViewShape, options);
}

export const producerInfoQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'producer-info'] as const,
    queryFn: ({ signal }) => fetchProducerInfo(network, { signal }),
    // The server keeps it an hour; the list does not need it to show.
    staleTime: 10 * 60_000,
  });

export function useProducerInfo(network: string) {
  return useQuery(producerInfoQueryOptions(network));
}
