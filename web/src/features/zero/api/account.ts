import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { AccountView as AccountViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/accounts/{account}: resources of spec §3 "Native account data read". */
export type NativeAccount = Schemas['AccountView'];
/** CPU (µs) or NET (bytes) use; every number is null when the account is unlimited. */
export type LimitView = Schemas['LimitView'];

export function fetchNativeAccount(network: string, account: string, options?: RequestOptions): Promise<NativeAccount> {
  return apiGet('/api/v1/native/{network}/accounts/{account}', { path: { network, account } }, AccountViewShape, options);
}

export const nativeAccountQueryOptions = (network: string, account: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'account', account] as const,
    queryFn: ({ signal }) => fetchNativeAccount(network, account, { signal }),
    refetchInterval: 10_000,
  });

/** The server's error code for an account the chain does not have. */
export const ACCOUNT_NOT_FOUND = 'antelope.account.not_found';

export function useNativeAccount(network: string, account: string) {
  return useQuery(nativeAccountQueryOptions(network, account));
}
