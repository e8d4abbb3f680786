import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { NATIVE_QUERY_ROOT, nativePath, record, textList } from './nativeApi';

export function parseKeyAccounts(json: unknown): string[] {
  return textList(record(json, 'keyAccounts').accounts, 'accounts');
}

/** GET …/keys/{key}/accounts: accounts with the public key in one of their permissions. */
export function fetchKeyAccounts(network: string, publicKey: string, options?: RequestOptions): Promise<string[]> {
  return getJson(nativePath(network, `keys/${encodeURIComponent(publicKey)}/accounts`), parseKeyAccounts, options);
}

export const keyAccountsQueryOptions = (network: string, publicKey: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'keyAccounts', publicKey] as const,
    queryFn: ({ signal }) => fetchKeyAccounts(network, publicKey, { signal }),
  });

export function useKeyAccounts(network: string, publicKey: string | null) {
  return useQuery({ ...keyAccountsQueryOptions(network, publicKey ?? ''), enabled: publicKey !== null });
}
