import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { coveragePollMs } from '../../../lib/api/evm/coverage';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { ApprovalList as ApprovalListShape } from '../../../lib/api/generated/answerShapes';
import { serverQuery, type ListQuery } from '../model/listQuery';

export type ApprovalList = Schemas['ApprovalList'];
export type ApprovalRow = Schemas['ApprovalView'];
export type RiskFact = Schemas['RiskFactView'];

export interface ApprovalsRequest {
  readonly network: string;
  readonly address: string;
  readonly query: ListQuery;
  readonly fiat: string;
}

/** GET …/accounts/{address}/approvals: every approval of the account, as the table and the revoke actions use them. */
export function fetchApprovals({ network, address, query, fiat }: ApprovalsRequest, options?: RequestOptions): Promise<ApprovalList> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/approvals', { path: { network, address }, query: serverQuery(query, fiat) }, ApprovalListShape, options);
}

/** The key every list of one account shares: invalidating it refetches whatever filter is on screen. */
export function approvalsKey(network: string, address: string) {
  return evmAccountResourceKey(network, address, 'approvals');
}

export const approvalsQueryOptions = (request: ApprovalsRequest) =>
  queryOptions({
    queryKey: [...approvalsKey(request.network, request.address), request.query, request.fiat] as const,
    queryFn: ({ signal }) => fetchApprovals(request, { signal }),
    // The current rows stay on screen while another filter or sort loads.
    placeholderData: keepPreviousData,
    // Asked again while the server's own index reads the account's earlier activity.
    refetchInterval: (query) => coveragePollMs(query.state.data?.coverage) ?? false,
  });

export function useApprovals(request: ApprovalsRequest) {
  return useQuery(approvalsQueryOptions(request));
}
