import { useSyncExternalStore } from 'react';
import { readStoredAccount, subscribeToStoredAccount, type AccountKind } from './storedAccount';

/** The stored account of one chain's session, live. */
export function useStoredAccount(kind: AccountKind): string | null {
  return useSyncExternalStore(subscribeToStoredAccount, () => readStoredAccount(kind), () => null);
}
