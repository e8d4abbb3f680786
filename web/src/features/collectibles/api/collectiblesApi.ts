/**
 * Shared pieces of the collectibles API files (one file per endpoint beside this
 * one): paths under /api/v1/evm/{network}/…, the query-key root, the generated
 * response types, and the shape checks that make a changed server fail loudly
 * instead of rendering blanks.
 */

import { isRecord } from '../../../lib/api/client';
import type { components } from '../../../lib/api/generated/openapi';
import { evmPath } from '../../../lib/api/evmEndpoints';
export { evmPath } from '../../../lib/api/evmEndpoints';

export type NftView = components['schemas']['NftView'];
export type NftList = components['schemas']['NftList'];
export type NftDetails = components['schemas']['NftDetailsView'];

export const COLLECTIBLES_QUERY_ROOT = 'collectibles';

export function nftPath(network: string, contract: string, tokenId: string): string {
  return evmPath(network, `nfts/${encodeURIComponent(contract)}/${encodeURIComponent(tokenId)}`);
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const MEDIA_KINDS = ['image', 'video', 'audio', 'unknown'];
const METADATA_STATUSES = ['ok', 'invalid', 'missing'];

/** Checks one NFT row for the fields the screens read. */
export function checkNftView(json: unknown, where: string): NftView {
  expect(isRecord(json), `${where} is not an object`);
  const row = json as Record<string, unknown>;
  for (const field of ['contractAddress', 'tokenId', 'amount', 'name']) {
    expect(typeof row[field] === 'string', `${where}.${field} is not a string`);
  }
  expect(row.nftInterface === 'erc721' || row.nftInterface === 'erc1155', `${where}.nftInterface is not erc721 or erc1155`);
  expect(MEDIA_KINDS.includes(String(row.mediaType)), `${where}.mediaType is unknown`);
  expect(METADATA_STATUSES.includes(String(row.metadataStatus)), `${where}.metadataStatus is unknown`);
  expect(Array.isArray(row.attributes), `${where}.attributes is not a list`);
  return row as unknown as NftView;
}
