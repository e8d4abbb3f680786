/** Plain decisions of the EVM wallet screens, kept apart from React so they are tested directly. */

export const WALLET_TABS = ['balance', 'history'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export function walletTab(query: string | null): WalletTab {
  return WALLET_TABS.find((tab) => tab === query) ?? 'balance';
}
