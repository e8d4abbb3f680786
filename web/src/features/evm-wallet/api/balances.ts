import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { EVM_QUERY_ROOT, evmAccountPath, expectArray, expectRecord, expectString, type Schemas } from './evmApi';

export type BalancesView = Schemas['BalancesView'];
export type BalanceRow = Schemas['BalanceRowView'];

function checkAmount(json: unknown, field: string): void {
  const amount = expectRecord(json, field);
  expectString(amount.value, `${field}.value`);
  expectString(amount.raw, `${field}.raw`);
}

/** GET …/accounts/{address}/balances, checked for the fields the table shows. */
export function parseBalances(json: unknown): BalancesView {
  const view = expectRecord(json, 'balances');
  expectString(view.fiat, 'fiat');
  checkAmount(view.totalFiatValue, 'totalFiatValue');
  expectArray(view.balances, 'balances').forEach((row, index) => {
    const entry = expectRecord(row, `balances[${index}]`);
    const token = expectRecord(entry.token, `balances[${index}].token`);
    expectString(token.symbol, `balances[${index}].token.symbol`);
    expectString(token.name, `balances[${index}].token.name`);
    checkAmount(entry.amount, `balances[${index}].amount`);
    expectString(entry.price, `balances[${index}].price`);
    if (entry.fiatValue !== null && entry.fiatValue !== undefined) checkAmount(entry.fiatValue, `balances[${index}].fiatValue`);
  });
  return view as BalancesView;
}

export function fetchBalances(network: string, address: string, fiat: string, options?: RequestOptions): Promise<BalancesView> {
  return getJson(evmAccountPath(network, address, 'balances', new URLSearchParams({ fiat })), parseBalances, options);
}

export const balancesQueryOptions = (network: string, address: string, fiat: string) =>
  queryOptions({
    queryKey: [EVM_QUERY_ROOT, network, 'balances', address, fiat] as const,
    queryFn: ({ signal }) => fetchBalances(network, address, fiat, { signal }),
    // Spec §4: balances refresh every 10 s; the rows stay while the next answer loads.
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

export function useBalances(network: string, address: string, fiat: string) {
  return useQuery(balancesQueryOptions(network, address, fiat));
}
