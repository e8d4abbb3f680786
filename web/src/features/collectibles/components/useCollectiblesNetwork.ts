import { useNetworks, type NetworkSummary } from '../../../lib/networks/api/networks';
import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import { readStoredSession } from '../../../lib/session/storedSession';
import { browserStorage } from '../../../lib/storage';

/**
 * The EVM network the collectibles screens read: the one a details link names when
 * this server serves it, else the session's network, else the default EVM network.
 */
export function useCollectiblesNetwork(requested: string | null = null) {
  const networks = useNetworks();
  let network: NetworkSummary | null = null;
  if (networks.data) {
    const named = networks.data.find((candidate) => candidate.kind === 'evm' && candidate.name === requested);
    network = named ?? walletNetworkFor(readStoredSession(browserStorage(), 'evm').network, networks.data);
  }
  return { networks, network };
}
