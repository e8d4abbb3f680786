import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, NATIVE_QUERY_ROOT, record, textList } from './nativeApi';

export function parseNativeChildren(json: unknown): string[] {
  return textList(record(json, 'children').children, 'children');
}

/** GET …/accounts/{account}/children: the accounts it created. */
export function fetchNativeChildren(network: string, account: string, options?: RequestOptions): Promise<string[]> {
  return getJson(accountPath(network, account, 'children'), parseNativeChildren, options);
}

export const nativeChildrenQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'children', account] as const,
    queryFn: ({ signal }) => fetchNativeChildren(network, account, { signal }),
  });

export function useNativeChildren(network: string, account: string) {
  return useQuery(nativeChildrenQueryOptions(network, account));
}
