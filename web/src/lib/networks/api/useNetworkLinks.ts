import { useNetworks } from './networks';
import { defaultNetwork } from '../model/defaultNetwork';

export interface NetworkLinks {
  explorerUrl: string | null;
  ecosystemUrl: string | null;
  bridgeUrl: string | null;
}

const NO_LINKS: NetworkLinks = { explorerUrl: null, ecosystemUrl: null, bridgeUrl: null };

/** Explorer, ecosystem and bridge links of the network the user is on; none while unknown. */
export function useNetworkLinks(kind: 'native' | 'evm' | null): NetworkLinks {
  const networks = useNetworks({ enabled: kind !== null });
  if (kind === null || !networks.data) return NO_LINKS;
  const network = defaultNetwork(networks.data, kind);
  if (!network) return NO_LINKS;
  return { explorerUrl: network.explorerUrl, ecosystemUrl: network.ecosystemUrl, bridgeUrl: network.bridgeUrl };
}
