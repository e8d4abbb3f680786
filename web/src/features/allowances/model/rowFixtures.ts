/** Shared test data of the row model's tests: approvals rows as the server sends them. */

import type { ApprovalRow } from '../api/approvals';
import type { Erc20Row } from './approvalRow';

type Erc721Row = Extract<ApprovalRow, { type: 'erc721' }>;
type Erc1155Row = Extract<ApprovalRow, { type: 'erc1155' }>;
import { ART, OWNER, SPENDER_A, SPENDER_B, TUSD } from './batchFixtures';

export { OWNER };

export const ITEMS = '0x0165878A594ca255338adfa4d48449f69242Eb8F';

const COMMON = { lastUpdated: 1_700_000_000_000, spenderName: null, spenderIsContract: true, revoked: false, riskFacts: [], valueAtRisk: null };

export const ERC20_ROW: Erc20Row = {
  ...COMMON,
  type: 'erc20',
  id: `${SPENDER_A}-${TUSD}`,
  spenderAddress: SPENDER_A,
  spenderName: 'Tandem Swap',
  valueAtRisk: '75.015',
  tokenName: 'Tandem USD',
  tokenAddress: TUSD,
  tokenSymbol: 'TUSD',
  tokenDecimals: 6,
  allowance: '75',
  allowanceRaw: '75000000',
  unlimited: false,
  balance: '965.75',
  tokenMaxSupply: '1000000',
  tokenPrice: '1.0002',
  tokenLogo: null,
};

export const UNLIMITED_ROW: Erc20Row = {
  ...ERC20_ROW,
  id: `${SPENDER_B}-${TUSD}`,
  spenderAddress: SPENDER_B,
  spenderName: null,
  spenderIsContract: false,
  unlimited: true,
  riskFacts: ['unlimited', 'aboveBalance', 'spenderNotContract'],
};

export const SINGLE_NFT_ROW: Erc721Row = {
  ...COMMON,
  type: 'erc721',
  id: `${SPENDER_B}-${ART}-7`,
  spenderAddress: SPENDER_B,
  allowed: true,
  collectionAddress: ART,
  collectionName: 'Tandem Art',
  collectionWide: false,
  tokenId: '7',
  tokenName: 'Pixel',
  balance: null,
};

export const COLLECTION_ROW: Erc721Row = {
  ...COMMON,
  type: 'erc721',
  id: `${SPENDER_A}-${ART}`,
  spenderAddress: SPENDER_A,
  allowed: true,
  collectionAddress: ART,
  collectionName: null,
  collectionWide: true,
  tokenId: null,
  tokenName: null,
  balance: '3',
  riskFacts: ['collectionWide'],
};

export const ITEMS_ROW: Erc1155Row = {
  ...COMMON,
  type: 'erc1155',
  id: `${SPENDER_A}-${ITEMS}`,
  spenderAddress: SPENDER_A,
  allowed: true,
  collectionAddress: ITEMS,
  collectionName: 'Tandem Items',
  balance: '0',
};

export const REVOKED_ROW: Erc20Row = { ...ERC20_ROW, id: `revoked-${ERC20_ROW.id}`, revoked: true, allowance: '0', allowanceRaw: '0' };
