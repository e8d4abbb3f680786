/**
 * GET /api/v1/native/{network}/accounts/{account}/evm-address: the EVM address the
 * `eosio.evm` table links to a native account (spec §7 "get EVM account by native
 * account"), null when it has none. Read by the native area and beside the EVM wallet.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { EvmAddressView as EvmAddressShape } from '../generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './keys';

export type EvmAddressView = Schemas['EvmAddressView'];

export function fetchLinkedEvmAddress(network: string, account: string, options?: RequestOptions): Promise<EvmAddressView> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/evm-address', { path: { network, account } }, EvmAddressShape, options);
}

export const linkedEvmAddressQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'evm-address', account] as const,
    queryFn: ({ signal }) => fetchLinkedEvmAddress(network, account, { signal }),
    // A link changes only when its account signs openwallet: no need to poll.
    staleTime: 5 * 60_000,
  });

export function useLinkedEvmAddress(network: string, account: string) {
  return useQuery(linkedEvmAddressQueryOptions(network, account));
}
