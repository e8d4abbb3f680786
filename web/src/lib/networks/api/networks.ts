import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../api/client';
import { apiGet, type Schemas } from '../../api/endpoints';
import { NetworkList } from '../../api/generated/answerShapes';

/** A served network's chain settings (spec §3), as GET /api/v1/networks sends them. */
export type ChainSettings = Schemas['ChainSettings'];

/** What the app reads of a network's chain settings. */
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

/** The endpoint as one URL, leaving out the scheme's default port (as the Rust RpcEndpoint::url does). */
export function rpcEndpointUrl({ protocol, host, port, path }: Schemas['RpcEndpoint']): string {
  const defaultPort = { https: 443, http: 80 }[protocol];
  const portPart = defaultPort === port ? '' : `:${port}`;
  return `${protocol}://${host}${portPart}${path === '/' ? '' : path}`;
}

/** The wrapped token's contract when it is an EVM address (a native network names an account there). */
export function wrappedTokenContract(token: Schemas['TokenSettings'] | null | undefined): string | null {
  const contract = token?.contract ?? null;
  return contract !== null && /^0x[0-9a-fA-F]{40}$/.test(contract) ? contract : null;
}

/** The summary the app reads of one network's chain settings. */
export function networkSummary(settings: ChainSettings): NetworkSummary {
  const { name, displayName, kind, chainId, isTestnet, isDevnet, systemToken } = settings;
  return {
    name,
    displayName,
    kind,
    chainId,
    isTestnet,
    isDevnet,
    rpcUrl: rpcEndpointUrl(settings.rpcEndpoint),
    explorerUrl: settings.explorerUrl ?? null,
    ecosystemUrl: settings.ecosystemUrl ?? null,
    bridgeUrl: settings.bridgeUrl ?? null,
    systemToken: { symbol: systemToken.symbol, name: systemToken.name, decimals: systemToken.decimals },
    wrappedToken: wrappedTokenContract(settings.wrappedToken),
    logo: settings.logo === '' ? null : settings.logo,
    linkedNetwork: settings.linkedNetwork ?? null,
  };
}

/** GET /api/v1/networks: the served networks, in the server's order. */
export function fetchNetworks(options?: RequestOptions): Promise<NetworkSummary[]> {
  return apiGet('/api/v1/networks', {}, NetworkList, options).then((list) => list.networks.map(networkSummary));
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
