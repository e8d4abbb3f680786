import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { detailsQueryKey, type DetailsRequest } from '../api/details';
import { isAnyInventoryOf } from '../api/inventory';
import { refreshNftDetails } from '../api/refresh';
import { OWNER_REFRESH_DELAY_MS } from '../model/details';

export type OwnerRefreshState = { readonly kind: 'idle' } | { readonly kind: 'waiting' } | { readonly kind: 'failed'; readonly cause: string };

/**
 * Spec §4 "NFT transfer": 3 s after the receipt, ask the server to refresh the
 * token (POST …/refresh), show its fresh owners, and refetch the inventories of
 * the network so the sender's page no longer lists what left. It runs to the end
 * even when the page is left meanwhile, so the inventory is fresh where the user goes.
 */
export function useOwnerRefresh({ network, contract, tokenId }: DetailsRequest) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OwnerRefreshState>({ kind: 'idle' });

  const schedule = useCallback(() => {
    const request = { network, contract, tokenId };
    setState({ kind: 'waiting' });
    window.setTimeout(() => {
      refreshNftDetails(request)
        .then((fresh) => {
          queryClient.setQueryData(detailsQueryKey(request), fresh);
          setState({ kind: 'idle' });
        })
        .catch((error: unknown) => {
          setState({ kind: 'failed', cause: error instanceof Error ? error.message : String(error) });
          void queryClient.invalidateQueries({ queryKey: detailsQueryKey(request) });
        })
        .finally(() => {
          void queryClient.invalidateQueries({ predicate: isAnyInventoryOf(request.network) });
        });
    }, OWNER_REFRESH_DELAY_MS);
  }, [queryClient, network, contract, tokenId]);

  return { state, schedule };
}
