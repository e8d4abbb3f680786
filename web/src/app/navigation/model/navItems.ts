/** The header navigation for each session state, with the labels of spec §2. */

import type { AccountKind } from '../../../lib/session/storedAccount';

export type NavItem =
  | { kind: 'route'; label: string; to: string; /** Path prefix that marks the item current. */ matches: string }
  | { kind: 'external'; label: string; href: string };

export interface ExternalLinks {
  explorerUrl: string | null;
  ecosystemUrl: string | null;
  bridgeUrl: string | null;
}

const EVM_ROUTES: readonly NavItem[] = [
  { kind: 'route', label: 'Wallet', to: '/evm/wallet?tab=balance', matches: '/evm/wallet' },
  { kind: 'route', label: 'Staking', to: '/evm/staking', matches: '/evm/staking' },
  { kind: 'route', label: 'Wrap TLOS', to: '/evm/wrap', matches: '/evm/wrap' },
  { kind: 'route', label: 'Digital Collectibles', to: '/evm/collectible-inventory', matches: '/evm/collectible' },
  { kind: 'route', label: 'Approvals', to: '/evm/allowances', matches: '/evm/allowances' },
];

const NATIVE_ROUTES: readonly NavItem[] = [
  { kind: 'route', label: 'Wallet', to: '/zero/balance', matches: '/zero' },
];

/** External links appear only when the network has them configured. */
function externalItems(links: ExternalLinks): NavItem[] {
  const entries: [string, string | null][] = [
    ['Explorer', links.explorerUrl],
    ['Ecosystem', links.ecosystemUrl],
    ['Bridge', links.bridgeUrl],
  ];
  return entries.flatMap(([label, href]) => (href === null ? [] : [{ kind: 'external' as const, label, href }]));
}

/** Logged out there is nothing to navigate yet; the header offers Connect Wallet instead. */
export function navItemsFor(session: AccountKind | null, links: ExternalLinks): NavItem[] {
  if (session === null) return [];
  const routes = session === 'evm' ? EVM_ROUTES : NATIVE_ROUTES;
  return [...routes, ...externalItems(links)];
}
