import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { checkIndexFields, coveragePollMs } from '../../../lib/api/evm/coverage';
import { expectArray, expectRecord, expectString } from '../../../lib/api/shape';

export type HistoryPage = Schemas['HistoryPage'];
export type TransactionRow = Schemas['TransactionRowView'];

/** GET …/accounts/{address}/transactions, checked for the fields the table shows. */
export function parseHistory(json: unknown): HistoryPage {
  const page = expectRecord(json, 'history');
  if (typeof page.more !== 'boolean') throw new Error('more is not a boolean');
  checkIndexFields(page);
  expectArray(page.transactions, 'transactions').forEach((item, index) => {
    const row = expectRecord(item, `transactions[${index}]`);
    expectString(row.id, `transactions[${index}].id`);
    expectString(row.actionName, `transactions[${index}].actionName`);
    expectString(row.from, `transactions[${index}].from`);
    // The fee is only on rows the account sent (the sender pays it).
    if (row.gasUsed !== null && row.gasUsed !== undefined) expectString(row.gasUsed, `transactions[${index}].gasUsed`);
    for (const list of ['valuesIn', 'valuesOut', 'nftsIn', 'nftsOut']) expectArray(row[list], `transactions[${index}].${list}`);
  });
  return page as HistoryPage;
}

export interface HistoryRequest {
  readonly network: string;
  readonly address: string;
  readonly fiat: string;
  readonly offset: number;
  readonly limit: number;
}

export function fetchHistory({ network, address, fiat, offset, limit }: HistoryRequest, options?: RequestOptions): Promise<HistoryPage> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/transactions', { path: { network, address }, query: { fiat, offset, limit } }, parseHistory, options);
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
