/**
 * GET /api/v1/native/{network}/evm-addresses/{address}/account: the native account the
 * `eosio.evm` table links an EVM address to, null when none is. The EVM wallet names it.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { expectRecord, expectString } from '../shape';
import { NATIVE_QUERY_ROOT } from './keys';

export type LinkedAccountView = Schemas['LinkedAccountView'];

export function parseLinkedAccount(json: unknown): LinkedAccountView {
  const view = expectRecord(json, 'linkedAccount');
  expectString(view.address, 'address');
  if (view.account !== null && view.account !== undefined) expectString(view.account, 'account');
  return view as LinkedAccountView;
}

export function fetchLinkedAccount(nativeNetwork: string, address: string, options?: RequestOptions): Promise<LinkedAccountView> {
  return apiGet(
    '/api/v1/native/{network}/evm-addresses/{address}/account',
    { path: { network: nativeNetwork, address } },
    parseLinkedAccount,
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
