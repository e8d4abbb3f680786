import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { approvalsKey } from '../api/approvals';

/** Spec §4 / §9: after any allowance transaction the list is refetched after 3 s (the index needs a moment to see the block). */
export const APPROVALS_REFETCH_DELAY_MS = 3_000;

/** Schedules a refetch of the account's approvals, whatever filter is on screen; pending ones are dropped when the page goes. */
export function useRefetchLater(network: string, address: string): () => void {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<number>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return useCallback(() => {
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      void queryClient.invalidateQueries({ queryKey: approvalsKey(network, address) });
    }, APPROVALS_REFETCH_DELAY_MS);
    timers.current.add(timer);
  }, [queryClient, network, address]);
}
