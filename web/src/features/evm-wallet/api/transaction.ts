import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { TransactionDetailView } from '../../../lib/api/generated/answerShapes';

export type TransactionDetail = Schemas['TransactionDetailView'];
export type TransactionMovement = Schemas['MovementView'];
export type TransactionFunction = Schemas['FunctionView'];

/** How often a pending transaction is asked again until it is mined. */
export const PENDING_POLL_MS = 2_000;

export interface TransactionRequest {
  readonly network: string;
  readonly hash: string;
  readonly fiat: string;
  /** The account looking (signed in or viewed): the answer then says whether it is poisoning of it. */
  readonly account: string | null;
}

/** GET …/transactions/{hash}: one transaction as the detail view shows it. */
export function fetchTransactionDetail({ network, hash, fiat, account }: TransactionRequest, options?: RequestOptions): Promise<TransactionDetail> {
  const query = account === null ? { fiat } : { fiat, account };
  return apiGet('/api/v1/evm/{network}/transactions/{hash}', { path: { network, hash }, query }, TransactionDetailView, options);
}

export const transactionQueryOptions = (request: TransactionRequest) =>
  queryOptions({
    queryKey: [...evmNetworkKey(request.network), 'transactions', request.hash.toLowerCase(), request.fiat, request.account?.toLowerCase() ?? null] as const,
    queryFn: ({ signal }) => fetchTransactionDetail(request, { signal }),
    // A mined transaction does not change; a pending one is asked again until it is mined.
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });

export function useTransactionDetail(request: TransactionRequest, enabled: boolean) {
  return useQuery({ ...transactionQueryOptions(request), enabled });
}
