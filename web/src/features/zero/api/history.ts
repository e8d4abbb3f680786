import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, integer, list, NATIVE_QUERY_ROOT, record, text, textList } from './nativeApi';

export interface NativeAction {
  readonly timestamp: string;
  readonly blockNum: number;
  readonly trxId: string;
  readonly contract: string;
  readonly action: string;
  /** `actor@permission`. */
  readonly authorization: readonly string[];
  readonly data: Readonly<Record<string, unknown>>;
}

/** GET …/accounts/{account}/history?limit&skip: newest first. */
export interface NativeHistoryPage {
  readonly total: number;
  readonly totalIsLowerBound: boolean;
  readonly actions: readonly NativeAction[];
}

export const HISTORY_PAGE_SIZE = 10;

export function parseNativeHistory(json: unknown): NativeHistoryPage {
  const value = record(json, 'history');
  return {
    total: integer(value.total, 'total'),
    totalIsLowerBound: value.totalIsLowerBound === true,
    actions: list(value.actions, 'actions').map((item, index) => {
      const action = record(item, `actions[${index}]`);
      return {
        timestamp: text(action.timestamp, 'timestamp'),
        blockNum: integer(action.blockNum, 'blockNum'),
        trxId: text(action.trxId, 'trxId'),
        contract: text(action.contract, 'contract'),
        action: text(action.action, 'action'),
        authorization: textList(action.authorization, 'authorization'),
        data: record(action.data ?? {}, 'data'),
      };
    }),
  };
}

export function fetchNativeHistory(
  network: string,
  account: string,
  page: number,
  options?: RequestOptions,
): Promise<NativeHistoryPage> {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE), skip: String(page * HISTORY_PAGE_SIZE) });
  return getJson(`${accountPath(network, account, 'history')}?${query.toString()}`, parseNativeHistory, options);
}

export const nativeHistoryQueryOptions = (network: string, account: string, page: number) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'history', account, page] as const,
    queryFn: ({ signal }) => fetchNativeHistory(network, account, page, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useNativeHistory(network: string, account: string, page: number) {
  return useQuery(nativeHistoryQueryOptions(network, account, page));
}
