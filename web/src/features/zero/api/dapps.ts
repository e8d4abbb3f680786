import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { expectArray, expectNumber, expectRecord, expectString } from '../../../lib/api/shape';
import { NATIVE_QUERY_ROOT, textList } from './nativeApi';

export type Dapp = Schemas['DappView'];
export type DappResults = Schemas['DappsView'];

export function parseDapps(json: unknown): DappResults {
  const value = expectRecord(json, 'dapps');
  expectNumber(value.total, 'total');
  expectArray(value.dapps, 'dapps').forEach((item, index) => {
    const dapp = expectRecord(item, `dapps[${index}]`);
    for (const field of ['id', 'name', 'category', 'description', 'url'] as const) expectString(dapp[field], `dapps[${index}].${field}`);
    textList(dapp.networks, `dapps[${index}].networks`);
  });
  return value as DappResults;
}

/** GET …/dapps?q=: the curated app list, searched by name, category and description. */
export function fetchDapps(network: string, query: string, options?: RequestOptions): Promise<DappResults> {
  return apiGet('/api/v1/native/{network}/dapps', { path: { network }, query: { q: query } }, parseDapps, options);
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
