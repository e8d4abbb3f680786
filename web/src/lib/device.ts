/**
 * Mobile detection by user agent (spec §9). Used where a phone needs another
 * path than a desktop browser: a phone has no wallet extensions, so the wallet
 * is reached from the wallet app's built-in browser (or a connection protocol).
 */

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|Windows Phone|webOS|BlackBerry|Kindle|Silk/i;

export interface DeviceFacts {
  readonly userAgent: string;
  /** `navigator.maxTouchPoints`: iPadOS asks for the desktop site with a Macintosh user agent. */
  readonly maxTouchPoints?: number;
}

export function isMobileDevice({ userAgent, maxTouchPoints = 0 }: DeviceFacts): boolean {
  if (MOBILE_AGENT.test(userAgent)) return true;
  return userAgent.includes('Macintosh') && maxTouchPoints > 1;
}

/** This browser, when there is one. */
export function isMobileBrowser(): boolean {
  return typeof navigator !== 'undefined' && isMobileDevice(navigator);
}

/**
 * A browser with a wallet of its own (spec §8 Environment: "the built-in wallet must be
 * enabled"). Brave's wallet announces nothing while it is switched off in Brave's settings,
 * so a page that finds no wallet in Brave says where to switch it on. Brave's user agent is
 * Chrome's; it is known by the `navigator.brave` it adds.
 */
export type BuiltInWallet = 'brave';

export interface BrowserFacts {
  /** `navigator.brave`: present in Brave only. */
  readonly brave?: unknown;
}

export function builtInWalletOf({ brave }: BrowserFacts): BuiltInWallet | null {
  return brave === undefined || brave === null ? null : 'brave';
}

/** This browser's own wallet, when it has one. */
export function builtInWalletOfBrowser(): BuiltInWallet | null {
  return typeof navigator === 'undefined' ? null : builtInWalletOf(navigator as Navigator & BrowserFacts);
}
