import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { accountPath, list, NATIVE_QUERY_ROOT, record, text } from './nativeApi';

export type ProposalRole = 'proposer' | 'requested';

export interface NativeProposal {
  readonly proposer: string;
  readonly name: string;
  readonly expiration: string;
  readonly executed: boolean;
  /** `actor@permission` still asked to approve. */
  readonly requested: readonly string[];
  readonly provided: readonly string[];
}

function levels(value: unknown, field: string): string[] {
  return list(value ?? [], field).map((item) => {
    const level = record(item, field);
    return `${text(level.actor, 'actor')}@${text(level.permission, 'permission')}`;
  });
}

export function parseNativeProposals(json: unknown): NativeProposal[] {
  return list(record(json, 'proposals').proposals, 'proposals').map((item, index) => {
    const proposal = record(item, `proposals[${index}]`);
    return {
      proposer: text(proposal.proposer, 'proposer'),
      name: text(proposal.proposal_name, 'proposal_name'),
      expiration: typeof proposal.expiration === 'string' ? proposal.expiration : '',
      executed: proposal.executed === true,
      requested: levels(proposal.requested_approvals, 'requested_approvals'),
      provided: levels(proposal.provided_approvals, 'provided_approvals'),
    };
  });
}

/** GET …/accounts/{account}/proposals?role: multisig proposals it made or is asked to approve. */
export function fetchNativeProposals(
  network: string,
  account: string,
  role: ProposalRole,
  options?: RequestOptions,
): Promise<NativeProposal[]> {
  return getJson(`${accountPath(network, account, 'proposals')}?role=${role}&limit=20`, parseNativeProposals, options);
}

export const nativeProposalsQueryOptions = (network: string, account: string, role: ProposalRole) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'proposals', account, role] as const,
    queryFn: ({ signal }) => fetchNativeProposals(network, account, role, { signal }),
  });

export function useNativeProposals(network: string, account: string, role: ProposalRole) {
  return useQuery(nativeProposalsQueryOptions(network, account, role));
}
