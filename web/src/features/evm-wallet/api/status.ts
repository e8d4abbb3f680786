import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { BALANCES_FRESH_MS } from '../../../lib/api/evm/balances';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { expectRecord, expectString } from '../../../lib/api/shape';

export type StatusView = Schemas['StatusView'];

export function parseStatus(json: unknown): StatusView {
  const view = expectRecord(json, 'status');
  const source = expectRecord(view.source, 'source');
  expectString(source.primary, 'source.primary');
  expectString(source.inUse, 'source.inUse');
  return view as StatusView;
}

export function fetchStatus(network: string, options?: RequestOptions): Promise<StatusView> {
  return apiGet('/api/v1/evm/{network}/status', { path: { network } }, parseStatus, options);
}

export const statusQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'status'] as const,
    queryFn: ({ signal }) => fetchStatus(network, { signal }),
    // Read by the wallet route's loader beside the balances (app/prefetch.ts), and as fresh as
    // they are: not asked again as the screen mounts.
    staleTime: BALANCES_FRESH_MS,
    refetchInterval: 10_000,
  });

export function useEvmStatus(network: string) {
  return useQuery(statusQueryOptions(network));
}
