import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { coveragePollMs } from '../../../lib/api/evm/coverage';
import { HistoryPage as HistoryShape } from '../../../lib/api/generated/answerShapes';

export type HistoryPage = Schemas['HistoryPage'];
export type TransactionRow = Schemas['TransactionRowView'];

export interface HistoryRequest {
  readonly network: string;
  readonly address: string;
  readonly fiat: string;
  readonly offset: number;
  readonly limit: number;
}

/** GET …/accounts/{address}/transactions: a page of the account's history. */
export function fetchHistory({ network, address, fiat, offset, limit }: HistoryRequest, options?: RequestOptions): Promise<HistoryPage> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/transactions', { path: { network, address }, query: { fiat, offset, limit } }, HistoryShape, options);
}

export const historyQueryOptions = (request: HistoryRequest) =>
  queryOptions({
    queryKey: [...evmAccountResourceKey(request.network, request.address, 'transactions'), request.fiat, request.offset, request.limit] as const,
    queryFn: ({ signal }) => fetchHistory(request, { signal }),
    // Every 10 s; every 1.5 s while the server's own index reads the account's earlier activity.
    refetchInterval: (query) => coveragePollMs(query.state.data?.coverage) ?? 10_000,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useHistory(request: HistoryRequest) {
  return useQuery(historyQueryOptions(request));
}
