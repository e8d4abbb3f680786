import { useSyncExternalStore } from 'react';
import { readStoredAccount, subscribeToStoredAccount } from './storedAccount';

export function useStoredAccount(): string | null {
  return useSyncExternalStore(subscribeToStoredAccount, readStoredAccount, () => null);
}
