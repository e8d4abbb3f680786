import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { AccountView as AccountViewShape } from '../../../lib/api/generated/answerShapes';
import type { MemoRequirement } from '../model/memoRequired';
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

/**
 * Whether `account` needs a memo on deposits (an exchange on the server's list), read once a
 * valid name is typed; null while unknown, for a missing account, or when it needs none.
 */
export function useMemoRequirement(network: string, account: string | null): MemoRequirement | null {
  const query = useQuery({ ...nativeAccountQueryOptions(network, account ?? ''), enabled: account !== null, refetchInterval: false, retry: false });
  return account === null ? null : query.data?.memoRequired ?? null;
}
