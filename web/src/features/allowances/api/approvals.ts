import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { checkIndexFields, coveragePollMs } from '../../../lib/api/evm/coverage';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { expectArray, expectBoolean, expectRecord, expectString } from '../../../lib/api/shape';
import { serverQuery, type ListQuery } from '../model/listQuery';

export type ApprovalList = Schemas['ApprovalList'];
export type ApprovalRow = Schemas['ApprovalView'];
export type RiskFact = Schemas['RiskFactView'];

const TYPES = new Set(['erc20', 'erc721', 'erc1155']);

/** GET …/accounts/{address}/approvals, checked for the fields the table and the revoke actions use. */
export function parseApprovals(json: unknown): ApprovalList {
  const list = expectRecord(json, 'approvals');
  expectString(list.address, 'address');
  checkIndexFields(list);
  expectArray(list.approvals, 'approvals').forEach((item, index) => {
    const at = `approvals[${index}]`;
    const row = expectRecord(item, at);
    if (!TYPES.has(expectString(row.type, `${at}.type`))) throw new Error(`${at}.type is not erc20, erc721 or erc1155`);
    expectString(row.id, `${at}.id`);
    expectString(row.spenderAddress, `${at}.spenderAddress`);
    expectBoolean(row.revoked, `${at}.revoked`);
    expectArray(row.riskFacts, `${at}.riskFacts`);
    if (typeof row.lastUpdated !== 'number') throw new Error(`${at}.lastUpdated is not a number`);
    if (row.type === 'erc20') {
      for (const field of ['tokenAddress', 'tokenSymbol', 'allowance', 'balance']) expectString(row[field], `${at}.${field}`);
      expectBoolean(row.unlimited, `${at}.unlimited`);
      if (typeof row.tokenDecimals !== 'number') throw new Error(`${at}.tokenDecimals is not a number`);
    } else {
      expectString(row.collectionAddress, `${at}.collectionAddress`);
      expectBoolean(row.allowed, `${at}.allowed`);
    }
  });
  return list as ApprovalList;
}

export interface ApprovalsRequest {
  readonly network: string;
  readonly address: string;
  readonly query: ListQuery;
  readonly fiat: string;
}

export function fetchApprovals({ network, address, query, fiat }: ApprovalsRequest, options?: RequestOptions): Promise<ApprovalList> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/approvals', { path: { network, address }, query: serverQuery(query, fiat) }, parseApprovals, options);
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
