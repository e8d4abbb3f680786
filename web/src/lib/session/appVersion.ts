/**
 * The app-version check of spec §4, run once at start before the first render:
 *
 * - first run, or a new version and no stored account: storage is cleared and
 *   the version saved;
 * - a new version with a stored account: storage is cleared, a marker set and
 *   the page reloaded, so nothing of the old version's session survives in memory;
 * - after that reload (marker set): the version is saved and a success message
 *   asks the user to reconnect the wallet.
 *
 * A stored account without a stored version (a build from before this check)
 * counts as a new version with an account. "Cleared" keeps the user's own
 * choices (theme, fiat currency and locale): they hold no session state and
 * losing them on every update would only annoy.
 */

import { FIAT_CURRENCY_KEY, FIAT_LOCALE_KEY } from '../preferences/preferences';
import { trySetItem, type StorageLike } from '../storage';
import { THEME_STORAGE_KEY } from '../theme/theme';
import { normaliseStoredAccount, SESSION_KEYS } from './storedAccount';

export const APP_VERSION_STORAGE_KEY = 'tandem.appVersion';
export const UPDATE_RELOAD_MARKER_KEY = 'tandem.updateReload';

/** Keys an update leaves in place. */
export const PRESERVED_STORAGE_KEYS: readonly string[] = [THEME_STORAGE_KEY, FIAT_CURRENCY_KEY, FIAT_LOCALE_KEY];

export type VersionCheckAction = 'none' | 'reset' | 'resetAndReload' | 'confirmReconnect';

export interface VersionState {
  readonly storedVersion: string | null;
  readonly currentVersion: string;
  readonly hasStoredAccount: boolean;
  readonly reloadMarker: boolean;
}

export function decideVersionCheck({ storedVersion, currentVersion, hasStoredAccount, reloadMarker }: VersionState): VersionCheckAction {
  if (reloadMarker) return 'confirmReconnect';
  if (storedVersion === currentVersion) return 'none';
  return hasStoredAccount ? 'resetAndReload' : 'reset';
}

/** Removes every key but the preserved ones. */
export function clearStorage(storage: StorageLike): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !PRESERVED_STORAGE_KEYS.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** What the caller still has to do: reload the page, or tell the user to reconnect. */
export type VersionCheckResult = 'continue' | 'reload' | 'reconnect';

export function runVersionCheck(storage: StorageLike | null, currentVersion: string): VersionCheckResult {
  if (storage === null) return 'continue';
  const action = decideVersionCheck({
    storedVersion: storage.getItem(APP_VERSION_STORAGE_KEY),
    currentVersion,
    hasStoredAccount: Object.values(SESSION_KEYS).some((keys) => normaliseStoredAccount(storage.getItem(keys.account)) !== null),
    reloadMarker: storage.getItem(UPDATE_RELOAD_MARKER_KEY) !== null,
  });
  switch (action) {
    case 'none':
      return 'continue';
    case 'reset':
      clearStorage(storage);
      trySetItem(storage, APP_VERSION_STORAGE_KEY, currentVersion);
      return 'continue';
    case 'resetAndReload':
      clearStorage(storage);
      trySetItem(storage, UPDATE_RELOAD_MARKER_KEY, currentVersion);
      // Without a marker that sticks, the reload would only come back here: save the version instead.
      if (storage.getItem(UPDATE_RELOAD_MARKER_KEY) !== null) return 'reload';
      trySetItem(storage, APP_VERSION_STORAGE_KEY, currentVersion);
      return 'continue';
    case 'confirmReconnect':
      storage.removeItem(UPDATE_RELOAD_MARKER_KEY);
      trySetItem(storage, APP_VERSION_STORAGE_KEY, currentVersion);
      return 'reconnect';
  }
}
