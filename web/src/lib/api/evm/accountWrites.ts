/**
 * What a confirmed EVM write means for the reads, whichever screen made it (wrap,
 * stake, send, NFT transfer, approval change…): everything any screen holds of the
 * account is stale (its key prefix, `evmAccountKey`), and until the server answers
 * with balances read after the confirmation, balances are asked every 2 s instead of
 * every 10 s (spec §4; the server keeps balances up to 10 s). The confirmation time is
 * kept per account for a while, so the screen opened next polls too.
 */

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { evmAccountKey } from './keys';

/** Spec §4: balances refresh every 10 s. */
export const BALANCES_REFRESH_MS = 10_000;
/** How often balances are asked while those on hand predate the last confirmed write. */
export const FRESH_BALANCES_POLL_MS = 2_000;
/** How long after a confirmed write the screens keep asking for balances read after it. */
export const FRESH_BALANCES_WINDOW_MS = 30_000;

/** True when balances read at `fetchedMs` (or not read yet) predate the confirmation at `confirmedAtMs`. */
export function readBeforeConfirmation(fetchedMs: number | undefined, confirmedAtMs: number | null): boolean {
  return confirmedAtMs !== null && (fetchedMs === undefined || fetchedMs < confirmedAtMs);
}

/**
 * True while the balances on hand were read before the last confirmed write, within the
 * window after it: a screen then says it is updating and asks again sooner.
 */
export function awaitingFreshBalances(fetchedMs: number | undefined, confirmedAtMs: number | null, nowMs: number): boolean {
  if (confirmedAtMs === null || nowMs - confirmedAtMs > FRESH_BALANCES_WINDOW_MS) return false;
  return readBeforeConfirmation(fetchedMs, confirmedAtMs);
}

/** The balances' refetch interval: every 2 s while awaiting fresh ones, else every 10 s. */
export function balancesRefreshMs(fetchedMs: number | undefined, confirmedAtMs: number | null, nowMs: number): number {
  return awaitingFreshBalances(fetchedMs, confirmedAtMs, nowMs) ? FRESH_BALANCES_POLL_MS : BALANCES_REFRESH_MS;
}

function accountId(network: string, address: string): string {
  return `${network} ${address.toLowerCase()}`;
}

/** The last confirmed write of each account, each forgotten when its window ends. */
export class ConfirmedWrites {
  readonly #confirmedAt = new Map<string, number>();
  readonly #expiry = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #listeners = new Set<() => void>();

  record(network: string, address: string, atMs: number): void {
    const id = accountId(network, address);
    clearTimeout(this.#expiry.get(id));
    this.#confirmedAt.set(id, atMs);
    this.#expiry.set(
      id,
      setTimeout(() => {
        this.#confirmedAt.delete(id);
        this.#expiry.delete(id);
        this.#notify();
      }, FRESH_BALANCES_WINDOW_MS),
    );
    this.#notify();
  }

  /** When the account's last write within the window was confirmed, or null. */
  at(network: string, address: string): number | null {
    return this.#confirmedAt.get(accountId(network, address)) ?? null;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** The app's record (one per page, as the query client is). */
export const confirmedWrites = new ConfirmedWrites();

/**
 * After a confirmed write by `address`: remembers when, and marks everything cached of
 * the account stale; what is on screen is read again at once, the rest when it is shown.
 */
export function invalidateAfterWrite(
  queryClient: QueryClient,
  { network, address, atMs = Date.now(), writes = confirmedWrites }: { network: string; address: string; atMs?: number; writes?: ConfirmedWrites },
): Promise<void> {
  writes.record(network, address, atMs);
  return queryClient.invalidateQueries({ queryKey: evmAccountKey(network, address) });
}

/** {@link invalidateAfterWrite} with the app's query client. */
export function useInvalidateAfterWrite(): (network: string, address: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (network: string, address: string) => {
      void invalidateAfterWrite(queryClient, { network, address });
    },
    [queryClient],
  );
}

/** When the account's last write was confirmed, while its window lasts; null otherwise. Re-renders as it ends. */
export function useConfirmedWriteAt(network: string, address: string): number | null {
  return useSyncExternalStore(confirmedWrites.subscribe, () => confirmedWrites.at(network, address));
}
