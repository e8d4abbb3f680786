/**
 * GET /api/v1/evm/{network}/accounts/{address}/balances: the account's tokens with
 * exact amounts, prices and fiat values. One cache entry per account and currency,
 * shared by every screen that shows balances (wallet, send, wrap, staking), so what
 * one screen read after a transaction is what the next one shows.
 */

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { BalancesView as BalancesShape } from '../generated/answerShapes';
import { balancesRefreshMs, confirmedWrites, readBeforeConfirmation, useConfirmedWriteAt } from './accountWrites';
import { coveragePollMs } from './coverage';
import { evmAccountResourceKey } from './keys';

export type BalancesView = Schemas['BalancesView'];
export type BalanceRow = Schemas['BalanceRowView'];

export function fetchEvmBalances(network: string, address: string, fiat: string, options?: RequestOptions): Promise<BalancesView> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/balances', { path: { network, address }, query: { fiat } }, BalancesShape, options);
}

/**
 * Every 10 s; after a confirmed write by the account, every 2 s until the server
 * answers with balances read after it; while the server's own index reads the
 * account's earlier activity, every 1.5 s until it is complete. The rows stay while
 * the next answer loads. An answer younger than {@link BALANCES_FRESH_MS} is not asked
 * again when a screen mounts: the route's loader has just read it (app/prefetch.ts).
 */
export const BALANCES_FRESH_MS = 5_000;

export const evmBalancesQueryOptions = (network: string, address: string, fiat: string) =>
  queryOptions({
    queryKey: [...evmAccountResourceKey(network, address, 'balances'), fiat] as const,
    queryFn: ({ signal }) => fetchEvmBalances(network, address, fiat, { signal }),
    staleTime: BALANCES_FRESH_MS,
    refetchInterval: (query) =>
      coveragePollMs(query.state.data?.coverage) ??
      balancesRefreshMs(query.state.data?.fetchedMs, confirmedWrites.at(network, address), Date.now()),
    placeholderData: keepPreviousData,
  });

export function useEvmBalances(network: string, address: string, fiat: string) {
  return useQuery(evmBalancesQueryOptions(network, address, fiat));
}

/**
 * The account's balances, and whether those on hand were read before its last
 * confirmed write (spec §4). A screen that reviews a write with them (send, wrap,
 * stake, unstake) holds its review while `updating`, so a review never shows the
 * balances of before the last transaction; they are asked every 2 s meanwhile.
 */
export function useFreshEvmBalances(network: string, address: string, fiat: string) {
  const balances = useEvmBalances(network, address, fiat);
  const confirmedAt = useConfirmedWriteAt(network, address);
  return { balances, confirmedAt, updating: readBeforeConfirmation(balances.data?.fetchedMs, confirmedAt) };
}
