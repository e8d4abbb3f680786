import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, isRecord, type RequestOptions } from '../../api/client';

/**
 * GET /api/v1/networks. Only the fields the web app reads so far are typed
 * here; the full ChainSettings type arrives with the OpenAPI-generated client.
 */
export interface NetworkSummary {
  name: string;
  displayName: string;
  kind: 'native' | 'evm';
  /** A number on EVM networks, the 64-hex-digit id on native ones. */
  chainId: number | string | null;
  isTestnet: boolean;
  isDevnet: boolean;
  /** The chain's own RPC as one URL (ChainSettings.rpcEndpoint). */
  rpcUrl: string | null;
  explorerUrl: string | null;
  ecosystemUrl: string | null;
  bridgeUrl: string | null;
  systemToken: TokenSummary | null;
  /**
   * The contract of the network's wrapped system token (WTLOS), so its balance is
   * found by address, never by a symbol a look-alike token could copy; null when
   * the network has none configured.
   */
  wrappedToken: string | null;
  /** Path of the network's logo, served by the web app. */
  logo: string | null;
  /** The other half of the same Telos network (native ↔ EVM), whose accounts the `eosio.evm` table links. */
  linkedNetwork: string | null;
}

export interface TokenSummary {
  symbol: string;
  name: string;
  decimals: number;
}

function optionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
  return value;
}

/** The endpoint as one URL, leaving out the scheme's default port (as the Rust RpcEndpoint::url does). */
export function rpcEndpointUrl(endpoint: unknown): string | null {
  if (!isRecord(endpoint)) return null;
  const { protocol, host, port, path } = endpoint;
  if (typeof protocol !== 'string' || typeof host !== 'string' || typeof port !== 'number' || typeof path !== 'string') {
    return null;
  }
  const defaultPort = { https: 443, http: 80 }[protocol];
  const portPart = defaultPort === port ? '' : `:${port}`;
  return `${protocol}://${host}${portPart}${path === '/' ? '' : path}`;
}

function parseToken(json: unknown): TokenSummary | null {
  if (!isRecord(json)) return null;
  const { symbol, name, decimals } = json;
  if (typeof symbol !== 'string' || typeof name !== 'string' || typeof decimals !== 'number') return null;
  return { symbol, name, decimals };
}

/** ChainSettings.wrappedToken.contract when it is an EVM address. */
export function wrappedTokenContract(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const { contract } = json;
  return typeof contract === 'string' && /^0x[0-9a-fA-F]{40}$/.test(contract) ? contract : null;
}

function parseNetwork(json: unknown): NetworkSummary {
  if (!isRecord(json)) throw new Error('network is not an object');
  const { name, displayName, kind, isTestnet, isDevnet } = json;
  if (typeof name !== 'string' || typeof displayName !== 'string') throw new Error('network name missing');
  if (kind !== 'native' && kind !== 'evm') throw new Error(`unknown network kind in ${name}`);
  const { chainId } = json;
  return {
    name,
    displayName,
    kind,
    chainId: typeof chainId === 'number' || typeof chainId === 'string' ? chainId : null,
    isTestnet: isTestnet === true,
    isDevnet: isDevnet === true,
    rpcUrl: rpcEndpointUrl(json.rpcEndpoint),
    explorerUrl: optionalString(json.explorerUrl, 'explorerUrl'),
    ecosystemUrl: optionalString(json.ecosystemUrl, 'ecosystemUrl'),
    bridgeUrl: optionalString(json.bridgeUrl, 'bridgeUrl'),
    systemToken: parseToken(json.systemToken),
    wrappedToken: wrappedTokenContract(json.wrappedToken),
    logo: optionalString(json.logo, 'logo'),
    linkedNetwork: optionalString(json.linkedNetwork, 'linkedNetwork'),
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
