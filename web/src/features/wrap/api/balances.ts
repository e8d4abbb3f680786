import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import type { components } from '../../../lib/api/generated/openapi';
import { awaitingFreshBalances } from '../model/wrap';
import { expectArray, expectRecord, expectString, WRAP_QUERY_ROOT } from './wrapApi';

export type BalancesView = components['schemas']['BalancesView'];

/** GET /api/v1/evm/{network}/accounts/{address}/balances, checked for the fields this screen reads. */
export function parseBalances(json: unknown): BalancesView {
  const view = expectRecord(json, 'balances');
  if (typeof view.fetchedMs !== 'number') throw new Error('fetchedMs is not a number');
  expectArray(view.balances, 'balances').forEach((row, index) => {
    const entry = expectRecord(row, `balances[${index}]`);
    const token = expectRecord(entry.token, `balances[${index}].token`);
    expectString(token.symbol, `balances[${index}].token.symbol`);
    if (typeof token.isNative !== 'boolean') throw new Error(`balances[${index}].token.isNative is not a boolean`);
    const amount = expectRecord(entry.amount, `balances[${index}].amount`);
    expectString(amount.value, `balances[${index}].amount.value`);
    if (typeof amount.decimals !== 'number') throw new Error(`balances[${index}].amount.decimals is not a number`);
  });
  return view as BalancesView;
}

export function fetchBalances(network: string, address: string, fiat: string, options?: RequestOptions): Promise<BalancesView> {
  const path = `/api/v1/evm/${encodeURIComponent(network)}/accounts/${encodeURIComponent(address)}/balances`;
  return getJson(`${path}?${new URLSearchParams({ fiat }).toString()}`, parseBalances, options);
}

/**
 * Refreshed every 10 s (spec §4 "Balances"); after a confirmed transaction
 * (`confirmedAtMs`) every 2 s until the server answers with balances read after it.
 */
export const balancesQueryOptions = (network: string, address: string, fiat: string, confirmedAtMs: number | null) =>
  queryOptions({
    queryKey: [WRAP_QUERY_ROOT, network, 'balances', address, fiat] as const,
    queryFn: ({ signal }) => fetchBalances(network, address, fiat, { signal }),
    refetchInterval: (query) => (awaitingFreshBalances(query.state.data?.fetchedMs, confirmedAtMs, Date.now()) ? 2_000 : 10_000),
    placeholderData: keepPreviousData,
  });

export function useWrapBalances(network: string, address: string, fiat: string, confirmedAtMs: number | null) {
  return useQuery(balancesQueryOptions(network, address, fiat, confirmedAtMs));
}
