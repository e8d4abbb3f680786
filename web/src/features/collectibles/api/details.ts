/**
 * GET /api/v1/evm/{network}/nfts/{contract}/{tokenId}: one collectible with its
 * owner (ERC-721) or owners and amounts (ERC-1155), supply, minter, and who besides
 * its owners may move it. No login needed.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { NftDetailsView } from '../../../lib/api/generated/answerShapes';
import type { NftDetails } from './collectiblesApi';

export interface DetailsRequest {
  readonly network: string;
  readonly contract: string;
  readonly tokenId: string;
}

export function fetchNftDetails({ network, contract, tokenId }: DetailsRequest, options?: RequestOptions): Promise<NftDetails> {
  return apiGet('/api/v1/evm/{network}/nfts/{contract}/{tokenId}', { path: { network, contract, tokenId } }, NftDetailsView, options);
}

export const detailsQueryKey = ({ network, contract, tokenId }: DetailsRequest) =>
  [...evmNetworkKey(network), 'nfts', contract.toLowerCase(), tokenId] as const;

export const detailsQueryOptions = (request: DetailsRequest) =>
  queryOptions({
    queryKey: detailsQueryKey(request),
    queryFn: ({ signal }) => fetchNftDetails(request, { signal }),
    // A token that does not exist, or a contract that is no collection, will not change on a retry.
    retry: (failures, error) => failures < 2 && !(error instanceof Error && 'status' in error && (error.status === 400 || error.status === 404)),
  });

export function useNftDetails(request: DetailsRequest, enabled: boolean) {
  return useQuery({ ...detailsQueryOptions(request), enabled });
}
