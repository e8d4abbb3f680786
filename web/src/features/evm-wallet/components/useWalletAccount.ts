import { useNetworks } from '../../../lib/networks/api/networks';
import { VIEWER_AUTHENTICATOR } from '../../../lib/session/evmViewer';
import { readStoredSession } from '../../../lib/session/storedSession';
import { useStoredAccount } from '../../../lib/session/useStoredAccount';
import { browserStorage } from '../../../lib/storage';
import { walletNetwork } from '../model/wallet';

/** The stored EVM account, whether it is read-only, and the network it is shown on. */
export function useWalletAccount() {
  const account = useStoredAccount('evm');
  const stored = readStoredSession(browserStorage(), 'evm');
  const networks = useNetworks();
  const network = networks.data ? walletNetwork(stored.network, networks.data) : null;
  return { account, isViewer: stored.authenticator === VIEWER_AUTHENTICATOR, networks, network };
}
