/**
 * GET /api/v1/evm/{network}/accounts/{address}/nfts?collection&search&offset&limit:
 * the ERC-721 and ERC-1155 tokens an account holds, one page (the server filters,
 * searches and pages). The same endpoint without filters, at the spec's collection
 * limit, lists the account's collections for the filter.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, endpointUrl } from '../../../lib/api/endpoints';
import { coveragePollMs } from '../../../lib/api/evm/coverage';
import { NftList as NftListShape } from '../../../lib/api/generated/answerShapes';
import { evmAccountResourceKey, isEvmAccountResourceKey } from '../../../lib/api/evm/keys';
import { keepPageOf, type PageRequest } from '../model/inventory';
import type { NftList } from './collectiblesApi';

/** Spec §9: NFT collection fetch 10000 (also the server's largest page). */
export const COLLECTION_FETCH_LIMIT = 10_000;

export interface InventoryRequest extends PageRequest {
  readonly network: string;
  readonly address: string;
}

const INVENTORY_PATH = '/api/v1/evm/{network}/accounts/{address}/nfts';

/** Paging always; the collection and search only when set. */
function inventoryParams({ network, address, collection, search, offset, limit }: InventoryRequest) {
  const query = { offset, limit, ...(collection === null ? {} : { collection }), ...(search === null ? {} : { search }) };
  return { path: { network, address }, query };
}

export function inventoryUrl(request: InventoryRequest): string {
  return endpointUrl(INVENTORY_PATH, inventoryParams(request));
}

export function fetchInventory(request: InventoryRequest, options?: RequestOptions): Promise<NftList> {
  return apiGet(INVENTORY_PATH, inventoryParams(request), NftListShape, options);
}

/** Every account's inventory on a network (for refetching after a transfer changed two owners). */
export const isAnyInventoryOf = (network: string) => (query: { queryKey: readonly unknown[] }) => isEvmAccountResourceKey(query.queryKey, network, 'nfts');

export const inventoryQueryKey = (request: InventoryRequest) =>
  [...evmAccountResourceKey(request.network, request.address, 'nfts'), 'page', request.collection, request.search, request.offset, request.limit] as const;

export const inventoryQueryOptions = (request: InventoryRequest) =>
  queryOptions<NftList, Error, NftList, ReturnType<typeof inventoryQueryKey>>({
    queryKey: inventoryQueryKey(request),
    queryFn: ({ signal }) => fetchInventory(request, { signal }),
    // The current page stays while the next one loads, but never another account's.
    placeholderData: (previous) => keepPageOf(request.address, previous),
    // Asked again while the server's own index reads the account's earlier activity.
    refetchInterval: (query) => coveragePollMs(query.state.data?.coverage) ?? false,
  });

export function useInventory(request: InventoryRequest) {
  return useQuery(inventoryQueryOptions(request));
}

export const collectionsQueryOptions = (network: string, address: string) =>
  queryOptions({
    queryKey: [...evmAccountResourceKey(network, address, 'nfts'), 'collections'] as const,
    queryFn: ({ signal }) =>
      fetchInventory({ network, address, collection: null, search: null, offset: 0, limit: COLLECTION_FETCH_LIMIT }, { signal }),
    staleTime: 30_000,
    refetchInterval: (query) => coveragePollMs(query.state.data?.coverage) ?? false,
  });

export function useInventoryCollections(network: string, address: string) {
  return useQuery(collectionsQueryOptions(network, address));
}
