import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { expectRecord } from '../../../lib/api/shape';
import { NATIVE_QUERY_ROOT, textList } from './nativeApi';

export type ChildrenView = Schemas['ChildrenView'];

export function parseChildren(json: unknown): ChildrenView {
  const value = expectRecord(json, 'children');
  textList(value.children, 'children');
  return value as ChildrenView;
}

/** GET …/accounts/{account}/children: the accounts it created. */
export function fetchNativeChildren(network: string, account: string, options?: RequestOptions): Promise<string[]> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/children', { path: { network, account } }, parseChildren, options).then(
    (view) => view.children,
  );
}

export const nativeChildrenQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'children', account] as const,
    queryFn: ({ signal }) => fetchNativeChildren(network, account, { signal }),
  });

export function useNativeChildren(network: string, account: string) {
  return useQuery(nativeChildrenQueryOptions(network, account));
}
