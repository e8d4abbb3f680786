/** Where the app goes after login and logout (spec §2 navigation rules). */

import type { AccountKind } from '../session/storedAccount';
import { HOME_PATH, isWithin } from './paths';

export const NATIVE_LANDING = '/zero/balance';
export const EVM_LANDING = '/evm/wallet?tab=balance';

/** The query of home that carries the page a guard turned away (spec §2: the guard records where a navigation came from). */
export const RETURN_QUERY = 'next';

/** The EVM screens a guard can turn away, by the name the navigation gives them. */
const GUARDED_SCREENS: readonly (readonly [string, string])[] = [
  ['/evm/wallet', 'Wallet'],
  ['/evm/send', 'Send'],
  ['/evm/receive', 'Receive'],
  ['/evm/collectible-inventory', 'Digital Collectibles'],
  ['/evm/staking', 'Staking'],
  ['/evm/wrap', 'Wrap TLOS'],
  ['/evm/allowances', 'Approvals'],
];

/** Home with the page a guard turned away (path and query), so sign-in can return there. */
export function homeReturningTo(pathWithQuery: string): string {
  return `${HOME_PATH}?${new URLSearchParams({ [RETURN_QUERY]: pathWithQuery }).toString()}`;
}

/**
 * The page to return to after an EVM sign-in, from home's `next` query: only a path
 * inside the EVM area of this app (never another origin or a protocol-relative URL).
 */
export function returnPath(next: string | null): string | null {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const path = next.split(/[?#]/, 1)[0] ?? '';
  return isWithin(path, '/evm') ? next : null;
}

/** The name of the screen `next` leads to ("Approvals"), or null for one without a name of its own. */
export function returnScreenName(next: string | null): string | null {
  const target = returnPath(next);
  if (target === null) return null;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return GUARDED_SCREENS.find(([screen]) => isWithin(path, screen))?.[1] ?? null;
}

/**
 * The path to navigate to after a login, or `null` to stay where the user is. An EVM
 * login returns to the page a guard turned away (`wanted`, home's `next` query) when
 * there is one.
 */
export function destinationAfterLogin(kind: AccountKind, currentPath: string, wanted: string | null = null): string | null {
  if (kind === 'native') return isWithin(currentPath, '/zero') ? null : NATIVE_LANDING;
  if (isWithin(currentPath, '/evm')) return null;
  return returnPath(wanted) ?? EVM_LANDING;
}

/** The area of the app each chain's session belongs to. */
const AREA_OF: Readonly<Record<AccountKind, string>> = { evm: '/evm', native: '/zero' };

/**
 * The path to navigate to after a logout, or `null` to stay. The `login` query tells
 * home which login to offer again: `zero` after a native session, empty otherwise.
 * While the other chain's session stays signed in, a logout outside its own area
 * keeps the user where they are (signing out of the native account on /evm/wallet
 * leaves the EVM wallet open).
 */
export function destinationAfterLogout(currentPath: string, kind: AccountKind, otherSessionRemains = false): string | null {
  if (currentPath === HOME_PATH) return null;
  if (otherSessionRemains && !isWithin(currentPath, AREA_OF[kind])) return null;
  return `${HOME_PATH}?login=${kind === 'native' ? 'zero' : ''}`;
}
