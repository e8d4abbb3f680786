import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { NativeTransactionView as NativeTransactionViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/transactions/{id}: one transaction's actions (spec §7 get_transaction). */
export type NativeTransaction = Schemas['NativeTransactionView'];

export function fetchNativeTransaction(network: string, id: string, options?: RequestOptions): Promise<NativeTransaction> {
  return apiGet('/api/v1/native/{network}/transactions/{id}', { path: { network, id } }, NativeTransactionViewShape, options);
}

export const nativeTransactionQueryOptions = (network: string, id: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'transaction', id] as const,
    queryFn: ({ signal }) => fetchNativeTransaction(network, id, { signal }),
    // An executed transaction never changes.
    staleTime: Infinity,
  });

export function useNativeTransaction(network: string, id: string | null) {
  return useQuery({ ...nativeTransactionQueryOptions(network, id ?? ''), enabled: id !== null });
}
