import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { DelegationsView as DelegationsViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/accounts/{account}/delegations: the CPU and NET the account staked, by receiver (its own first). */
export type DelegationsView = Schemas['DelegationsView'];
export type Delegation = Schemas['DelegationView'];

export function fetchDelegations(network: string, account: string, options?: RequestOptions): Promise<DelegationsView> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/delegations', { path: { network, account } }, DelegationsViewShape, options);
}

export const delegationsQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'delegations', account] as const,
    queryFn: ({ signal }) => fetchDelegations(network, account, { signal }),
  });

export function useDelegations(network: string, account: string) {
  return useQuery(delegationsQueryOptions(network, account));
}
