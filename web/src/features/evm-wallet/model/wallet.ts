/** Plain decisions of the EVM wallet screens, kept apart from React so they are tested directly. */

import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import type { StatusView } from '../api/status';

/** The stored network when it is an EVM network this server serves, else the default EVM network. */
export const walletNetwork = walletNetworkFor;

/**
 * Spec §4 "Indexer health": warn that data may be out of sync while the primary
 * source reports itself unhealthy or the server has fallen back from it.
 */
export function isOutOfSync(status: StatusView | undefined): boolean {
  if (status === undefined) return false;
  const { source } = status;
  return source.primaryHealth?.healthy === false || source.inUse !== source.primary;
}

export const WALLET_TABS = ['balance', 'history'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export function walletTab(query: string | null): WalletTab {
  return WALLET_TABS.find((tab) => tab === query) ?? 'balance';
}
