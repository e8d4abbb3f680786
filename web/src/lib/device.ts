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
