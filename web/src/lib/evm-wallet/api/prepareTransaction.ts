/**
 * POST /api/v1/evm/{network}/transactions/prepare: the server validates the
 * inputs, builds the call, estimates gas and the fee, and says as data what the
 * transaction does (`effect`), which the review words. A rejected input is an ApiError
 * whose `code` is the domain rule's key and whose `details.field` names the body field.
 */

import { useMutation } from '@tanstack/react-query';
import { ApiError, isRecord, type RequestOptions } from '../../api/client';
import { apiPost, type Schemas } from '../../api/endpoints';
import { PreparedTransaction as PreparedTransactionShape } from '../../api/generated/answerShapes';
import type { PreparedTransaction } from '../transactions';

/** What to prepare: the server's `PrepareRequest` (amounts are decimal text in whole tokens). */
export type PrepareRequest = Schemas['PrepareRequest'];

export function prepareTransaction(network: string, request: PrepareRequest, fiat: string, options?: RequestOptions): Promise<PreparedTransaction> {
  return apiPost('/api/v1/evm/{network}/transactions/prepare', { path: { network }, query: { fiat }, body: request }, PreparedTransactionShape, options);
}

/** The body field a 400 names, so a form can put the message under the right input. */
export function rejectedField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !isRecord(error.details)) return null;
  return typeof error.details.field === 'string' ? error.details.field : null;
}

export function usePrepareTransaction(network: string, fiat: string) {
  return useMutation({ mutationFn: (request: PrepareRequest) => prepareTransaction(network, request, fiat) });
}
