/**
 * POST /api/v1/evm/{network}/nfts/{contract}/{tokenId}/refresh: the server forgets
 * what it cached of the token and answers its fresh details (spec §4 "NFT
 * transfer": owner data is refreshed after the receipt).
 */

import { useMutation } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiPost } from '../../../lib/api/endpoints';
import { NftDetailsView } from '../../../lib/api/generated/answerShapes';
import type { NftDetails } from './collectiblesApi';
import type { DetailsRequest } from './details';

export function refreshNftDetails({ network, contract, tokenId }: DetailsRequest, options?: RequestOptions): Promise<NftDetails> {
  return apiPost('/api/v1/evm/{network}/nfts/{contract}/{tokenId}/refresh', { path: { network, contract, tokenId } }, NftDetailsView, options);
}

export function useRefreshNftDetails() {
  return useMutation({ mutationFn: (request: DetailsRequest) => refreshNftDetails(request) });
}
