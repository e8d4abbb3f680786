/**
 * Shared pieces of the collectibles API files (one file per endpoint beside this
 * one): the generated response types, and the shape check of an NFT row that makes
 * a changed server fail loudly instead of rendering blanks.
 */

import { isRecord } from '../../../lib/api/client';
import type { Schemas } from '../../../lib/api/endpoints';

export type NftView = Schemas['NftView'];
export type NftList = Schemas['NftList'];
export type NftDetails = Schemas['NftDetailsView'];

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
