/** Where the app goes after login and logout (spec §2 navigation rules). */

import type { AccountKind } from '../session/storedAccount';
import { HOME_PATH, isWithin } from './paths';

export const NATIVE_LANDING = '/zero/balance';
export const EVM_LANDING = '/evm/wallet?tab=balance';

/** The path to navigate to after a login, or `null` to stay where the user is. */
export function destinationAfterLogin(kind: AccountKind, currentPath: string): string | null {
  if (kind === 'native') return isWithin(currentPath, '/zero') ? null : NATIVE_LANDING;
  return isWithin(currentPath, '/evm') ? null : EVM_LANDING;
}

/**
 * The path to navigate to after a logout, or `null` when already home. The
 * `login` query tells home which login to offer again: `zero` after a native
 * session, empty otherwise.
 */
export function destinationAfterLogout(currentPath: string, kind: AccountKind): string | null {
  if (currentPath === HOME_PATH) return null;
  return `${HOME_PATH}?login=${kind === 'native' ? 'zero' : ''}`;
}
