/**
 * Which EVM wallets this browser has (spec §2 "extension, built-in" wallets):
 * every EIP-6963 announcement, plus the legacy `window.ethereum` when no wallet
 * announces itself. Several extensions fighting over `window.ethereum` (its
 * `providers` list) without EIP-6963 is the spec's "multiple wallet providers
 * detected" case: the user is told to pick one in the extensions, since which one
 * answers is up to the browser.
 */

import type { EventfulProvider } from './provider';

export interface DiscoveredWallet {
  /** Stable id stored as the session's authenticator: the EIP-6963 rdns, or `injected`. */
  readonly id: string;
  readonly name: string;
  /** Data URI of the wallet's icon (EIP-6963), when it has one. */
  readonly icon: string | null;
  readonly provider: EventfulProvider;
}

export interface Discovery {
  readonly wallets: readonly DiscoveredWallet[];
  /** `window.ethereum.providers` lists several wallets and none announced itself. */
  readonly multipleLegacyProviders: boolean;
}

/** The authenticator id of the legacy window.ethereum wallet. */
export const LEGACY_INJECTED_ID = 'injected';

interface LegacyEthereum extends EventfulProvider {
  isMetaMask?: boolean;
  isBraveWallet?: boolean;
  isSafePal?: boolean;
  isTrust?: boolean;
  isCoinbaseWallet?: boolean;
  providers?: unknown[];
}

function isProvider(value: unknown): value is LegacyEthereum {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/** A readable name for a legacy provider from the flags wallets set. */
export function legacyWalletName(provider: LegacyEthereum): string {
  if (provider.isBraveWallet) return 'Brave Wallet';
  if (provider.isSafePal) return 'SafePal';
  if (provider.isTrust) return 'Trust Wallet';
  if (provider.isCoinbaseWallet) return 'Coinbase Wallet';
  if (provider.isMetaMask) return 'MetaMask';
  return 'Browser wallet';
}

interface Announcement {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: EventfulProvider;
}

function readAnnouncement(detail: unknown): Announcement | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: unknown; provider?: unknown };
  if (typeof info !== 'object' || info === null || !isProvider(provider)) return null;
  const { uuid, name, icon, rdns } = info as Record<string, unknown>;
  if (typeof uuid !== 'string' || typeof name !== 'string' || typeof rdns !== 'string' || rdns === '') return null;
  return { info: { uuid, name, icon: typeof icon === 'string' ? icon : '', rdns }, provider };
}

/** Combines what was announced with the legacy global; pure so it is tested directly. */
export function combineWallets(announced: readonly Announcement[], legacy: unknown): Discovery {
  const byRdns = new Map<string, DiscoveredWallet>();
  for (const { info, provider } of announced) {
    if (!byRdns.has(info.rdns)) {
      // Only data: icons are shown: an https icon would be a tracking pixel and is blocked by the CSP anyway.
      byRdns.set(info.rdns, { id: info.rdns, name: info.name, icon: info.icon.startsWith('data:image/') ? info.icon : null, provider });
    }
  }
  const wallets = [...byRdns.values()];
  const legacyProvider = isProvider(legacy) ? legacy : null;
  const multipleLegacyProviders =
    wallets.length === 0 && legacyProvider !== null && Array.isArray(legacyProvider.providers) && legacyProvider.providers.length > 1;
  if (wallets.length === 0 && legacyProvider !== null) {
    wallets.push({ id: LEGACY_INJECTED_ID, name: legacyWalletName(legacyProvider), icon: null, provider: legacyProvider });
  }
  return { wallets, multipleLegacyProviders };
}

const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';

/**
 * Asks the wallets to announce themselves and collects the answers for `waitMs`
 * (extensions answer synchronously from their content script; the wait covers slow ones).
 */
export function discoverWallets(waitMs = 150): Promise<Discovery> {
  if (typeof window === 'undefined') return Promise.resolve({ wallets: [], multipleLegacyProviders: false });
  const announced: Announcement[] = [];
  const onAnnounce = (event: Event) => {
    const announcement = readAnnouncement((event as CustomEvent<unknown>).detail);
    if (announcement) announced.push(announcement);
  };
  window.addEventListener(ANNOUNCE, onAnnounce);
  window.dispatchEvent(new Event(REQUEST));
  return new Promise((resolve) => {
    window.setTimeout(() => {
      window.removeEventListener(ANNOUNCE, onAnnounce);
      resolve(combineWallets(announced, (window as { ethereum?: unknown }).ethereum));
    }, waitMs);
  });
}
