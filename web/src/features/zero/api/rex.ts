import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, asset, NATIVE_QUERY_ROOT, optionalAsset, record, text, type AssetView } from './nativeApi';

/** GET …/accounts/{account}/rex: value = rex_balance × lendable ÷ total_rex + fund (spec §7). */
export interface NativeRex {
  readonly account: string;
  readonly rexBalance: AssetView | null;
  readonly fund: AssetView | null;
  readonly value: AssetView;
}

export function parseNativeRex(json: unknown): NativeRex {
  const value = record(json, 'rex');
  return {
    account: text(value.account, 'account'),
    rexBalance: optionalAsset(value.rexBalance, 'rexBalance'),
    fund: optionalAsset(value.fund, 'fund'),
    value: asset(value.value, 'value'),
  };
}

export function fetchNativeRex(network: string, account: string, options?: RequestOptions): Promise<NativeRex> {
  return getJson(accountPath(network, account, 'rex'), parseNativeRex, options);
}

export const nativeRexQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'rex', account] as const,
    queryFn: ({ signal }) => fetchNativeRex(network, account, { signal }),
  });

export function useNativeRex(network: string, account: string) {
  return useQuery(nativeRexQueryOptions(network, account));
}
