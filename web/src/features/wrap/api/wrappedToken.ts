import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, isRecord, type RequestOptions } from '../../../lib/api/client';
import { expectArray, expectRecord, WRAP_QUERY_ROOT } from './wrapApi';

/**
 * GET /api/v1/networks, read for one thing: the contract of the network's wrapped
 * token (ChainSettings.wrappedToken.contract), so the WTLOS balance is found by
 * address. Null when the network has no wrapped token configured.
 */
export function parseWrappedToken(json: unknown, network: string): string | null {
  const list = expectArray(expectRecord(json, 'networks').networks, 'networks');
  const entry = list.find((item) => isRecord(item) && item.name === network);
  if (!isRecord(entry) || !isRecord(entry.wrappedToken)) return null;
  const { contract } = entry.wrappedToken;
  return typeof contract === 'string' && /^0x[0-9a-fA-F]{40}$/.test(contract) ? contract : null;
}

export function fetchWrappedToken(network: string, options?: RequestOptions): Promise<string | null> {
  return getJson('/api/v1/networks', (json) => parseWrappedToken(json, network), options);
}

export const wrappedTokenQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [WRAP_QUERY_ROOT, network, 'wrappedToken'] as const,
    queryFn: ({ signal }) => fetchWrappedToken(network, { signal }),
    // Network settings change only when the server is reconfigured.
    staleTime: 30 * 60_000,
  });

export function useWrappedToken(network: string) {
  return useQuery(wrappedTokenQueryOptions(network));
}
