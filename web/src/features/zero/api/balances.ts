/**
 * GET /api/v1/native/{network}/accounts/{account}/balances?fiat: the system token and
 * every token the history service lists, with exact amounts, names and logos from the
 * network's token list, and fiat values where the price service knows the token, in
 * spec §4's order. A token whose read failed comes without an amount.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { NativeBalancesView as NativeBalancesViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT, type AssetView } from './nativeApi';

export type NativeBalancesView = Schemas['NativeBalancesView'];
export type NativeBalanceRow = Schemas['NativeBalanceView'];

/** A token the user can send: its contract and the exact amount held. */
export interface SendableToken extends AssetView {
  readonly contract: string;
}

/** The row as a sendable token, or null when its amount could not be read. */
export function sendable(row: NativeBalanceRow): SendableToken | null {
  return row.balance == null ? null : { ...row.balance, contract: row.contract };
}

export function fetchNativeBalances(network: string, account: string, fiat: string, options?: RequestOptions): Promise<NativeBalancesView> {
  return apiGet('/api/v1/native/{network}/accounts/{account}/balances', { path: { network, account }, query: { fiat } }, NativeBalancesViewShape, options);
}

export const nativeBalancesQueryOptions = (network: string, account: string, fiat: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'balances', account, fiat] as const,
    queryFn: ({ signal }) => fetchNativeBalances(network, account, fiat, { signal }),
    // Spec §4: balances refresh every 10 s.
    refetchInterval: 10_000,
  });

export function useNativeBalances(network: string, account: string, fiat: string) {
  return useQuery(nativeBalancesQueryOptions(network, account, fiat));
}
