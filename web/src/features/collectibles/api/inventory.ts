/**
 * GET /api/v1/evm/{network}/accounts/{address}/nfts?collection&search&offset&limit:
 * the ERC-721 and ERC-1155 tokens an account holds, one page (the server filters,
 * searches and pages). The same endpoint without filters, at the spec's collection
 * limit, lists the account's collections for the filter.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, isRecord, type RequestOptions } from '../../../lib/api/client';
import { keepPageOf, type PageRequest } from '../model/inventory';
import { checkNftView, COLLECTIBLES_QUERY_ROOT, evmPath, type NftList } from './collectiblesApi';

/** Spec §9: NFT collection fetch 10000 (also the server's largest page). */
export const COLLECTION_FETCH_LIMIT = 10_000;

export function parseNftList(json: unknown): NftList {
  if (!isRecord(json)) throw new Error('the NFT list is not an object');
  if (typeof json.address !== 'string') throw new Error('address is not a string');
  for (const field of ['total', 'offset', 'limit']) {
    if (typeof json[field] !== 'number') throw new Error(`${field} is not a number`);
  }
  if (!Array.isArray(json.nfts)) throw new Error('nfts is not a list');
  json.nfts.forEach((row, index) => checkNftView(row, `nfts[${index}]`));
  return json as unknown as NftList;
}

export interface InventoryRequest extends PageRequest {
  readonly network: string;
  readonly address: string;
}

export function inventoryUrl({ network, address, collection, search, offset, limit }: InventoryRequest): string {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (collection !== null) query.set('collection', collection);
  if (search !== null) query.set('search', search);
  return evmPath(network, `accounts/${encodeURIComponent(address)}/nfts?${query.toString()}`);
}

export function fetchInventory(request: InventoryRequest, options?: RequestOptions): Promise<NftList> {
  return getJson(inventoryUrl(request), parseNftList, options);
}

/** Every inventory query of a network (for refetching after a transfer). */
export const inventoryRootKey = (network: string) => [COLLECTIBLES_QUERY_ROOT, network, 'inventory'] as const;

export const inventoryQueryKey = (request: InventoryRequest) =>
  [...inventoryRootKey(request.network), request.address, 'page', request.collection, request.search, request.offset, request.limit] as const;

export const inventoryQueryOptions = (request: InventoryRequest) =>
  queryOptions<NftList, Error, NftList, ReturnType<typeof inventoryQueryKey>>({
    queryKey: inventoryQueryKey(request),
    queryFn: ({ signal }) => fetchInventory(request, { signal }),
    // The current page stays while the next one loads, but never another account's.
    placeholderData: (previous) => keepPageOf(request.address, previous),
  });

export function useInventory(request: InventoryRequest) {
  return useQuery(inventoryQueryOptions(request));
}

export const collectionsQueryOptions = (network: string, address: string) =>
  queryOptions({
    queryKey: [...inventoryRootKey(network), address, 'collections'] as const,
    queryFn: ({ signal }) =>
      fetchInventory({ network, address, collection: null, search: null, offset: 0, limit: COLLECTION_FETCH_LIMIT }, { signal }),
    staleTime: 30_000,
  });

export function useInventoryCollections(network: string, address: string) {
  return useQuery(collectionsQueryOptions(network, address));
}
