import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { expectArray, expectRecord, expectString } from '../../../lib/api/shape';

export type TransactionDetail = Schemas['TransactionDetailView'];
export type TransactionMovement = Schemas['MovementView'];
export type TransactionFunction = Schemas['FunctionView'];

/** How often a pending transaction is asked again until it is mined. */
export const PENDING_POLL_MS = 2_000;

/** GET …/transactions/{hash}, checked for the fields the detail view reads. */
export function parseTransactionDetail(json: unknown): TransactionDetail {
  const detail = expectRecord(json, 'transaction');
  expectString(detail.hash, 'hash');
  if (!['pending', 'success', 'failed'].includes(expectString(detail.status, 'status'))) throw new Error(`status ${String(detail.status)} is unknown`);
  expectString(expectRecord(detail.from, 'from').address, 'from.address');
  expectString(expectRecord(detail.value, 'value').amount, 'value.amount');
  expectString(detail.input, 'input');
  expectArray(detail.movements, 'movements').forEach((item, index) => {
    const movement = expectRecord(item, `movements[${index}]`);
    expectString(expectRecord(movement.from, `movements[${index}].from`).address, `movements[${index}].from.address`);
    expectString(expectRecord(movement.to, `movements[${index}].to`).address, `movements[${index}].to.address`);
    if (!isObject(movement.value) && !isObject(movement.nft)) throw new Error(`movements[${index}] moves nothing`);
  });
  if (detail.function !== null && detail.function !== undefined) {
    const called = expectRecord(detail.function, 'function');
    expectString(called.name, 'function.name');
    expectString(called.signature, 'function.signature');
  }
  if (detail.fee !== null && detail.fee !== undefined) {
    const fee = expectRecord(detail.fee, 'fee');
    expectString(fee.amount, 'fee.amount');
    expectString(fee.paidBy, 'fee.paidBy');
  }
  return detail as TransactionDetail;
}

function isObject(value: unknown): boolean {
  return value !== null && value !== undefined && typeof value === 'object';
}

export interface TransactionRequest {
  readonly network: string;
  readonly hash: string;
  readonly fiat: string;
}

export function fetchTransactionDetail({ network, hash, fiat }: TransactionRequest, options?: RequestOptions): Promise<TransactionDetail> {
  return apiGet('/api/v1/evm/{network}/transactions/{hash}', { path: { network, hash }, query: { fiat } }, parseTransactionDetail, options);
}

export const transactionQueryOptions = (request: TransactionRequest) =>
  queryOptions({
    queryKey: [...evmNetworkKey(request.network), 'transactions', request.hash.toLowerCase(), request.fiat] as const,
    queryFn: ({ signal }) => fetchTransactionDetail(request, { signal }),
    // A mined transaction does not change; a pending one is asked again until it is mined.
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });

export function useTransactionDetail(request: TransactionRequest, enabled: boolean) {
  return useQuery({ ...transactionQueryOptions(request), enabled });
}
