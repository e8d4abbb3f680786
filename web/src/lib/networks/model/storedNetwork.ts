/**
 * The EVM network the user chose, kept under the session's `network` key, and the
 * network-changed event of spec §4 ("switching network … emits a network-changed
 * event"): every screen that shows a network re-reads it when the event fires, in
 * this tab and (through the storage event) in the others.
 */

import { useSyncExternalStore } from 'react';
import { NETWORK_STORAGE_KEY } from '../../session/storedAccount';
import { browserStorage, trySetItem, type StorageLike } from '../../storage';

export const NETWORK_CHANGED_EVENT = 'tandem:network-changed';

export interface NetworkChangedDetail {
  readonly network: string;
}

export function readStoredNetwork(storage: StorageLike | null = browserStorage()): string | null {
  const value = storage?.getItem(NETWORK_STORAGE_KEY)?.trim() ?? '';
  return value === '' ? null : value;
}

/** Stores `network` as the session's network and tells this tab's subscribers. */
export function storeNetwork(network: string, storage: StorageLike | null = browserStorage()): void {
  trySetItem(storage, NETWORK_STORAGE_KEY, network);
  window.dispatchEvent(new CustomEvent<NetworkChangedDetail>(NETWORK_CHANGED_EVENT, { detail: { network } }));
}

export function subscribeToStoredNetwork(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === NETWORK_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(NETWORK_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(NETWORK_CHANGED_EVENT, onChange);
  };
}

/** The stored network name, re-read whenever it changes. */
export function useStoredNetwork(): string | null {
  return useSyncExternalStore(subscribeToStoredNetwork, () => readStoredNetwork(), () => null);
}
