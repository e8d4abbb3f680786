/**
 * Turning what the user picked (a discovered wallet, or the devnet's development
 * wallet with its key) into an EvmWalletChoice the connection logs in with. The
 * development wallet's provider and viem load only here, on demand.
 */

import type { NetworkSummary } from '../networks/api/networks';
import type { EvmWalletChoice } from './connection';
import { EVM_DEV_WALLET_ID } from './devWallet';
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
