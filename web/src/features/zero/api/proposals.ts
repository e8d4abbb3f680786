import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { ProposalsView as ProposalsViewShape } from '../../../lib/api/generated/answerShapes';
import { level, NATIVE_QUERY_ROOT } from './nativeApi';

export type ProposalRole = 'proposer' | 'requested';
export type ProposalsView = Schemas['ProposalsView'];

/** A proposal as the screen shows it. */
export interface NativeProposal {
  readonly proposer: string;
  readonly name: string;
  readonly expiration: string;
  readonly executed: boolean;
  /** `actor@permission` still asked to approve. */
  readonly requested: readonly string[];
  readonly provided: readonly string[];
}

export function proposalList(view: ProposalsView): NativeProposal[] {
  return view.proposals.map((proposal) => ({
    proposer: proposal.proposer,
    name: proposal.proposal_name,
    expiration: proposal.expiration,
    executed: proposal.executed,
    requested: proposal.requested_approvals.map(level),
    provided: proposal.provided_approvals.map(level),
  }));
}

/** GET …/accounts/{account}/proposals?role: multisig proposals it made or is asked to approve. */
export function fetchNativeProposals(
  network: string,
  account: string,
  role: ProposalRole,
  options?: RequestOptions,
): Promise<NativeProposal[]> {
  return apiGet(
    '/api/v1/native/{network}/accounts/{account}/proposals',
    { path: { network, account }, query: { role, limit: 20 } },
    ProposalsViewShape,
    options,
  ).then(proposalList);
}

export const nativeProposalsQueryOptions = (network: string, account: string, role: ProposalRole) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'proposals', account, role] as const,
    queryFn: ({ signal }) => fetchNativeProposals(network, account, role, { signal }),
  });

export function useNativeProposals(network: string, account: string, role: ProposalRole) {
  return useQuery(nativeProposalsQueryOptions(network, account, role));
}
