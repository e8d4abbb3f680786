/**
 * POST /api/v1/evm/{network}/transactions/prepare: the server validates the
 * inputs, builds the call, estimates gas and the fee, and says in one sentence
 * what the transaction does. A rejected input is an ApiError whose `code` is the
 * domain rule's key and whose `details.field` names the body field.
 */

import { useMutation } from '@tanstack/react-query';
import { ApiError, isRecord, type RequestOptions } from '../../api/client';
import { apiPost } from '../../api/endpoints';
import type { PreparedTransaction } from '../transactions';

/**
 * What to prepare; mirrors the server's `PrepareRequest` (amounts are decimal text in
 * whole tokens), which its OpenAPI document describes only in words: the one body the
 * compiler cannot check against it.
 */
export type PrepareRequest =
  | { kind: 'send'; from: string; token?: string; to: string; amount: string }
  | { kind: 'nftTransfer'; from: string; contract: string; tokenId: string; to: string; quantity?: string }
  | { kind: 'wrap'; from: string; amount: string }
  | { kind: 'unwrap'; from: string; amount: string }
  | { kind: 'stake'; from: string; amount: string }
  | { kind: 'unstake'; from: string; amount: string }
  | { kind: 'withdraw'; from: string }
  | { kind: 'approve'; from: string; token: string; spender: string; amount: string }
  | { kind: 'revoke'; from: string; contract: string; spender: string; tokenId?: string };

function parsePrepared(json: unknown): PreparedTransaction {
  if (!isRecord(json)) throw new Error('prepared transaction is not an object');
  for (const field of ['from', 'to', 'data', 'value', 'gas', 'gasLimit', 'gasPrice', 'summary', 'kind'] as const) {
    if (typeof json[field] !== 'string') throw new Error(`${field} is not a string`);
  }
  if (typeof json.chainId !== 'number') throw new Error('chainId is not a number');
  if (!isRecord(json.fee) || typeof json.fee.amount !== 'string') throw new Error('fee is missing');
  if (!Array.isArray(json.warnings)) throw new Error('warnings is not a list');
  return json as unknown as PreparedTransaction;
}

export function prepareTransaction(network: string, request: PrepareRequest, fiat: string, options?: RequestOptions): Promise<PreparedTransaction> {
  return apiPost('/api/v1/evm/{network}/transactions/prepare', { path: { network }, query: { fiat }, body: request }, parsePrepared, options);
}

/** The body field a 400 names, so a form can put the message under the right input. */
export function rejectedField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !isRecord(error.details)) return null;
  return typeof error.details.field === 'string' ? error.details.field : null;
}

export function usePrepareTransaction(network: string, fiat: string) {
  return useMutation({ mutationFn: (request: PrepareRequest) => prepareTransaction(network, request, fiat) });
}
