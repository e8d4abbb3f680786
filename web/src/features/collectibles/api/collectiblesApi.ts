/**
 * Shared pieces of the collectibles API files (one file per endpoint beside this
 * one): the generated response types.
 */

import type { Schemas } from '../../../lib/api/endpoints';

export type NftView = Schemas['NftView'];
export type NftList = Schemas['NftList'];
export type NftDetails = Schemas['NftDetailsView'];
