import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { awaitingFreshBalances } from '../model/staking';
import { evmPath, expectArray, expectNumber, expectRecord, expectString, STAKING_QUERY_ROOT, STAKING_REFRESH_MS, type Schemas } from './stakingApi';

export type BalancesView = Schemas['BalancesView'];

/** GET /api/v1/evm/{network}/accounts/{address}/balances, checked for what this screen reads (the TLOS row). */
export function parseBalances(json: unknown): BalancesView {
  const view = expectRecord(json, 'balances');
  expectNumber(view.fetchedMs, 'fetchedMs');
  expectArray(view.balances, 'balances').forEach((row, index) => {
    const entry = expectRecord(row, `balances[${index}]`);
    const token = expectRecord(entry.token, `balances[${index}].token`);
    if (typeof token.isNative !== 'boolean') throw new Error(`balances[${index}].token.isNative is not a boolean`);
    const amount = expectRecord(entry.amount, `balances[${index}].amount`);
    expectString(amount.value, `balances[${index}].amount.value`);
    expectNumber(amount.decimals, `balances[${index}].amount.decimals`);
  });
  return view as BalancesView;
}

export function fetchBalances(network: string, address: string, fiat: string, options?: RequestOptions): Promise<BalancesView> {
  const query = new URLSearchParams({ fiat }).toString();
  return getJson(evmPath(network, `accounts/${encodeURIComponent(address)}/balances?${query}`), parseBalances, options);
}

/** Every 10 s; after a confirmed transaction every 2 s until the server answers with balances read after it. */
export const balancesQueryOptions = (network: string, address: string, fiat: string, confirmedAtMs: number | null) =>
  queryOptions({
    queryKey: [STAKING_QUERY_ROOT, network, 'balances', address, fiat] as const,
    queryFn: ({ signal }) => fetchBalances(network, address, fiat, { signal }),
    refetchInterval: (query) => (awaitingFreshBalances(query.state.data?.fetchedMs, confirmedAtMs, Date.now()) ? 2_000 : STAKING_REFRESH_MS),
    placeholderData: keepPreviousData,
  });

export function useStakingBalances(network: string, address: string, fiat: string, confirmedAtMs: number | null) {
  return useQuery(balancesQueryOptions(network, address, fiat, confirmedAtMs));
}
