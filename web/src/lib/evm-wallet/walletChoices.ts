/**
 * Turning what the user picked (a discovered wallet, or the devnet's development
 * wallet with its key) into an EvmWalletChoice the connection logs in with. The
 * development wallet's provider and viem, and the connection protocol's SDK, load
 * only here, on demand.
 */

import { fetchClientConfig } from '../api/clientConfig';
import type { NetworkSummary } from '../networks/api/networks';
import type { EvmWalletChoice } from './connection';
import { WALLET_CONNECT_ID } from './connectionProtocol';
import { EVM_DEV_WALLET_ID, normalisePrivateKey, readEvmDevWalletKey } from './devWallet';
import { devWalletPrompts } from './devWalletPrompt';
import { discoverWallets, type DiscoveredWallet } from './discovery';

export function injectedChoice(wallet: DiscoveredWallet): EvmWalletChoice {
  return { id: wallet.id, name: wallet.name, provider: wallet.provider };
}

/** The development wallet for `network`; throws EvmDevWalletRefusedError anywhere but the local anvil devnet. */
export async function devWalletChoice(network: NetworkSummary, privateKey: `0x${string}`): Promise<EvmWalletChoice> {
  const { createDevWalletProvider } = await import('./devWalletProvider');
  const provider = await createDevWalletProvider({ network, privateKey, confirm: (transaction) => devWalletPrompts.ask(transaction) });
  return { id: EVM_DEV_WALLET_ID, name: 'Development wallet', provider };
}

/** The injected wallet stored as the session's authenticator, when this browser still has it. */
export async function findInjectedWallet(id: string): Promise<EvmWalletChoice | null> {
  const { wallets } = await discoverWallets();
  const wallet = wallets.find((candidate) => candidate.id === id);
  return wallet === undefined ? null : injectedChoice(wallet);
}

/** The connection protocol's stored session, when this server still has a project id for it. */
async function restoredWalletConnectChoice(network: NetworkSummary): Promise<EvmWalletChoice | null> {
  const { walletConnectProjectId: projectId } = await fetchClientConfig();
  if (projectId === null) return null;
  const { restoreWalletConnect } = await import('./walletConnect');
  return restoreWalletConnect({ projectId, network, origin: window.location.origin });
}

/** The wallet a stored session names (its authenticator), ready to log in again without a prompt; null when it is gone. */
export async function storedWalletChoice(authenticator: string, network: NetworkSummary): Promise<EvmWalletChoice | null> {
  if (authenticator === EVM_DEV_WALLET_ID) {
    const key = normalisePrivateKey(readEvmDevWalletKey() ?? '');
    return key === null ? null : devWalletChoice(network, key);
  }
  if (authenticator === WALLET_CONNECT_ID) return restoredWalletConnectChoice(network);
  return findInjectedWallet(authenticator);
}
