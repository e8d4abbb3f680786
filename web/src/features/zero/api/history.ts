import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { HistoryPageView as HistoryPageViewShape } from '../../../lib/api/generated/answerShapes';
import type { HistoryFilters } from '../model/historyFilters';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/accounts/{account}/history: newest first, with spec §7's filters. */
export type NativeHistoryPage = Schemas['HistoryPageView'];
export type NativeAction = Schemas['NativeActionView'];

export const HISTORY_PAGE_SIZE = 10;

export function fetchNativeHistory(
  network: string,
  account: string,
  page: number,
  filters: HistoryFilters,
  options?: RequestOptions,
): Promise<NativeHistoryPage> {
  return apiGet(
    '/api/v1/native/{network}/accounts/{account}/history',
    { path: { network, account }, query: { limit: HISTORY_PAGE_SIZE, skip: page * HISTORY_PAGE_SIZE, ...filters } },
    HistoryPageViewShape,
    options,
  );
}

export const nativeHistoryQueryOptions = (network: string, account: string, page: number, filters: HistoryFilters = {}) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'history', account, page, filters] as const,
    queryFn: ({ signal }) => fetchNativeHistory(network, account, page, filters, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useNativeHistory(network: string, account: string, page: number, filters: HistoryFilters = {}) {
  return useQuery(nativeHistoryQueryOptions(network, account, page, filters));
}
