import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, asset, list, NATIVE_QUERY_ROOT, optionalText, record, text, type AssetView } from './nativeApi';

export interface NativeBalance extends AssetView {
  readonly contract: string;
  readonly isSystem: boolean;
  /** Fiat price as exact text, null while the server serves none. */
  readonly price: string | null;
}

/** GET …/accounts/{account}/balances. */
export interface NativeBalances {
  readonly account: string;
  readonly balances: readonly NativeBalance[];
  /** False when the history service could not list the tokens: only the system token is shown. */
  readonly tokensComplete: boolean;
  /** False when the server has no prices: fiat values are unavailable, never zero. */
  readonly pricesAvailable: boolean;
}

export function parseNativeBalances(json: unknown): NativeBalances {
  const value = record(json, 'balances');
  return {
    account: text(value.account, 'account'),
    balances: list(value.balances, 'balances').map((item, index) => {
      const entry = record(item, `balances[${index}]`);
      return {
        ...asset(entry, `balances[${index}]`),
        contract: text(entry.contract, 'contract'),
        isSystem: entry.isSystem === true,
        price: optionalText(entry.price, 'price'),
      };
    }),
    tokensComplete: value.tokensComplete === true,
    pricesAvailable: value.pricesAvailable === true,
  };
}

export function fetchNativeBalances(network: string, account: string, options?: RequestOptions): Promise<NativeBalances> {
  return getJson(accountPath(network, account, 'balances'), parseNativeBalances, options);
}

export const nativeBalancesQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'balances', account] as const,
    queryFn: ({ signal }) => fetchNativeBalances(network, account, { signal }),
    // Spec §4: balances refresh every 10 s.
    refetchInterval: 10_000,
  });

export function useNativeBalances(network: string, account: string) {
  return useQuery(nativeBalancesQueryOptions(network, account));
}
