/**
 * POST /api/v1/evm/{network}/approvals/check: what a prepared transaction grants,
 * weighed by the server (risk, spender, others who approved it, a limited alternative).
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../api/client';
import { apiPost, type Schemas } from '../../api/endpoints';
import { ApprovalCheckAnswer } from '../../api/generated/answerShapes';

export type ApprovalCheck = Schemas['ApprovalCheckAnswer'];

export interface ApprovalCheckRequest {
  readonly network: string;
  readonly from: string;
  readonly to: string;
  readonly data: string;
}

export function fetchApprovalCheck({ network, from, to, data }: ApprovalCheckRequest, options?: RequestOptions): Promise<ApprovalCheck> {
  return apiPost('/api/v1/evm/{network}/approvals/check', { path: { network }, body: { from, to, data } }, ApprovalCheckAnswer, options);
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
