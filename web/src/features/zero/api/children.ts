import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { ChildrenView as ChildrenViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type ChildrenView = Schemas['ChildrenView'];

/** GET …/accounts/{account}/children: the accounts it created. */
export function fetchNativeChildren(network: string, account: string, options?: RequestOptions): Promise<string[]> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/children', { path: { network, account } }, ChildrenViewShape, options).then(
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
