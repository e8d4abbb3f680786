import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { EVM_QUERY_ROOT, evmPath, expectRecord, expectString, type Schemas } from './evmApi';

export type StatusView = Schemas['StatusView'];

export function parseStatus(json: unknown): StatusView {
  const view = expectRecord(json, 'status');
  const source = expectRecord(view.source, 'source');
  expectString(source.primary, 'source.primary');
  expectString(source.inUse, 'source.inUse');
  return view as StatusView;
}

export function fetchStatus(network: string, options?: RequestOptions): Promise<StatusView> {
  return getJson(evmPath(network, 'status'), parseStatus, options);
}

export const statusQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [EVM_QUERY_ROOT, network, 'status'] as const,
    queryFn: ({ signal }) => fetchStatus(network, { signal }),
    refetchInterval: 10_000,
  });

export function useEvmStatus(network: string) {
  return useQuery(statusQueryOptions(network));
}
