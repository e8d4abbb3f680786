import { useSyncExternalStore } from 'react';
import { useOutletContext } from 'react-router';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { nativeSessionStore, type NativeSession } from '../model/nativeSession';

/** What the /zero layout gives its pages. */
export interface ZeroContext {
  /** The native networks the server serves; undefined while loading. */
  readonly networks: readonly NetworkSummary[] | undefined;
  /** The network the pages read from (the session's, or the one chosen for sign-in). */
  readonly network: NetworkSummary | null;
  readonly chooseNetwork: (name: string) => void;
  readonly session: NativeSession | null;
  /** True while a stored session is being restored at start. */
  readonly restoring: boolean;
}

export function useZero(): ZeroContext {
  return useOutletContext<ZeroContext>();
}

const subscribe = (listener: () => void) => nativeSessionStore.subscribe(listener);

export function useNativeSession(): NativeSession | null {
  return useSyncExternalStore(subscribe, nativeSessionStore.get, () => null);
}
