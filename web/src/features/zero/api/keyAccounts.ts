import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { KeyAccountsView as KeyAccountsViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

export type KeyAccountsView = Schemas['KeyAccountsView'];

/** GET …/keys/{key}/accounts: accounts with the public key in one of their permissions. */
export function fetchKeyAccounts(network: string, publicKey: string, options?: RequestOptions): Promise<string[]> {
  return apiGet('/api/v1/native/{network}/keys/{key}/accounts', { path: { network, key: publicKey } }, KeyAccountsViewShape, options).then(
    (view) => view.accounts,
  );
}

export const keyAccountsQueryOptions = (network: string, publicKey: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'keyAccounts', publicKey] as const,
    queryFn: ({ signal }) => fetchKeyAccounts(network, publicKey, { signal }),
  });

export function useKeyAccounts(network: string, publicKey: string | null) {
  return useQuery({ ...keyAccountsQueryOptions(network, publicKey ?? ''), enabled: publicKey !== null });
}
