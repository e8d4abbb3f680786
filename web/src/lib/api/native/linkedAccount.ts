/**
 * GET /api/v1/native/{network}/evm-addresses/{address}/account: the native account the
 * `eosio.evm` table links an EVM address to, null when none is. The EVM wallet names it.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { LinkedAccountView as LinkedAccountShape } from '../generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './keys';

export type LinkedAccountView = Schemas['LinkedAccountView'];

export function fetchLinkedAccount(nativeNetwork: string, address: string, options?: RequestOptions): Promise<LinkedAccountView> {
  return apiGet(
    '/api/v1/native/{network}/evm-addresses/{address}/account',
    { path: { network: nativeNetwork, address } },
    LinkedAccountShape,
    options,
  );
}

export const linkedAccountQueryOptions = (nativeNetwork: string, address: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, nativeNetwork, 'linked-account', address.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchLinkedAccount(nativeNetwork, address, { signal }),
    staleTime: 5 * 60_000,
  });

export function useLinkedAccount(nativeNetwork: string | null, address: string | null) {
  return useQuery({
    ...linkedAccountQueryOptions(nativeNetwork ?? '', address ?? ''),
    enabled: nativeNetwork !== null && address !== null,
  });
}
