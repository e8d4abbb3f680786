import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, isRecord, type RequestOptions } from '../../../lib/api/client';

/**
 * GET /api/v1/networks. Only the fields the web app reads so far are typed
 * here; the full ChainSettings type arrives with the OpenAPI-generated client.
 */
export interface NetworkSummary {
  name: string;
  displayName: string;
  kind: 'native' | 'evm';
  isTestnet: boolean;
  isDevnet: boolean;
  explorerUrl: string | null;
  ecosystemUrl: string | null;
  bridgeUrl: string | null;
}

function optionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
  return value;
}

function parseNetwork(json: unknown): NetworkSummary {
  if (!isRecord(json)) throw new Error('network is not an object');
  const { name, displayName, kind, isTestnet, isDevnet } = json;
  if (typeof name !== 'string' || typeof displayName !== 'string') throw new Error('network name missing');
  if (kind !== 'native' && kind !== 'evm') throw new Error(`unknown network kind in ${name}`);
  return {
    name,
    displayName,
    kind,
    isTestnet: isTestnet === true,
    isDevnet: isDevnet === true,
    explorerUrl: optionalString(json.explorerUrl, 'explorerUrl'),
    ecosystemUrl: optionalString(json.ecosystemUrl, 'ecosystemUrl'),
    bridgeUrl: optionalString(json.bridgeUrl, 'bridgeUrl'),
  };
}

export function parseNetworks(json: unknown): NetworkSummary[] {
  if (!isRecord(json) || !Array.isArray(json.networks)) throw new Error('networks list missing');
  return json.networks.map(parseNetwork);
}

export function fetchNetworks(options?: RequestOptions): Promise<NetworkSummary[]> {
  return getJson('/api/v1/networks', parseNetworks, options);
}

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: ['networks'] as const,
    queryFn: ({ signal }) => fetchNetworks({ signal }),
    staleTime: 30 * 60_000,
    retry: 1,
  });

export function useNetworks({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...networksQueryOptions(), enabled });
}
