/**
 * POST /api/v1/evm/{network}/approvals/check: what a prepared transaction grants,
 * weighed by the server (risk, spender, others who approved it, a limited alternative).
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRecord, type RequestOptions } from '../../api/client';
import { apiPost, type Schemas } from '../../api/endpoints';

export type ApprovalCheck = Schemas['ApprovalCheckAnswer'];

export interface ApprovalCheckRequest {
  readonly network: string;
  readonly from: string;
  readonly to: string;
  readonly data: string;
}

function parseCheck(json: unknown): ApprovalCheck {
  // Checked for what the review reads; the rest is typed by the generated schema.
  if (!isRecord(json) || !('approval' in json)) throw new Error('approval check is not an object');
  const { approval } = json;
  if (approval !== null && (!isRecord(approval) || !Array.isArray(approval.risks) || !isRecord(approval.spender))) {
    throw new Error('approval is malformed');
  }
  return json;
}

export function fetchApprovalCheck({ network, from, to, data }: ApprovalCheckRequest, options?: RequestOptions): Promise<ApprovalCheck> {
  return apiPost('/api/v1/evm/{network}/approvals/check', { path: { network }, body: { from, to, data } }, parseCheck, options);
}

export const approvalCheckQueryOptions = (request: ApprovalCheckRequest) =>
  queryOptions({
    queryKey: ['evm', request.network, 'approval-check', request.from, request.to, request.data] as const,
    queryFn: ({ signal }) => fetchApprovalCheck(request, { signal }),
    staleTime: 30_000,
    retry: 1,
  });

export function useApprovalCheck(request: ApprovalCheckRequest | null) {
  return useQuery({
    ...approvalCheckQueryOptions(request ?? { network: '', from: '', to: '', data: '' }),
    enabled: request !== null,
  });
}
