import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { DappsView as DappsViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type Dapp = Schemas['DappView'];
export type DappResults = Schemas['DappsView'];

/** GET …/dapps?q=: the curated app list, searched by name, category and description. */
export function fetchDapps(network: string, query: string, options?: RequestOptions): Promise<DappResults> {
  return apiGet('/api/v1/native/{network}/dapps', { path: { network }, query: { q: query } }, DappsViewShape, options);
}

export const dappsQueryOptions = (network: string, query: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'dapps', query] as const,
    queryFn: ({ signal }) => fetchDapps(network, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });

export function useDapps(network: string | null, query: string) {
  return useQuery({ ...dappsQueryOptions(network ?? '', query), enabled: network !== null });
}
