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

/**
 * A native session alone keeps a way to the EVM side: its wallet screen offers to connect
 * an EVM wallet or view an address, so the other half of the account is one click away.
 */
const NATIVE_ROUTES: readonly NavItem[] = [
  { kind: 'route', label: 'Wallet', to: '/zero/balance', matches: '/zero' },
  { kind: 'route', label: 'Telos EVM', to: '/evm/wallet?tab=balance', matches: '/evm' },
];

/** Beside an EVM session, the native wallet keeps the chain's name so the two Wallets stay apart. */
const NATIVE_BESIDE_EVM: NavItem = { kind: 'route', label: 'Telos Zero', to: '/zero/balance', matches: '/zero' };

/** Which sessions are signed in. */
export interface SignedIn {
  readonly evm: boolean;
  readonly native: boolean;
}

/** External links appear only when the network has them configured. */
function externalItems(links: ExternalLinks): NavItem[] {
  const entries: [string, string | null][] = [
    ['Explorer', links.explorerUrl],
    ['Ecosystem', links.ecosystemUrl],
    ['Bridge', links.bridgeUrl],
  ];
  return entries.flatMap(([label, href]) => (href === null ? [] : [{ kind: 'external' as const, label, href }]));
}

/**
 * Logged out there is nothing to navigate yet; the header offers Connect Wallet instead.
 * With both sessions, the EVM areas and the native wallet side by side; the external
 * links are those of the EVM network then.
 */
export function navItemsFor(signedIn: SignedIn, links: ExternalLinks): NavItem[] {
  if (!signedIn.evm && !signedIn.native) return [];
  const routes = signedIn.evm ? (signedIn.native ? [...EVM_ROUTES, NATIVE_BESIDE_EVM] : EVM_ROUTES) : NATIVE_ROUTES;
  return [...routes, ...externalItems(links)];
}

/** The chain whose network links the header shows: EVM when signed in there. */
export function linksKind(signedIn: SignedIn): AccountKind | null {
  if (signedIn.evm) return 'evm';
  return signedIn.native ? 'native' : null;
}
