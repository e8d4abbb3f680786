// Turns the seeding context (ledger + recorded transactions) into the devnet manifest
// (format and `seeded` documented in devnet/evm/README.md, "Manifest").
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { maxUint256, parseEther, zeroAddress } from 'viem';
import { AGGREGATOR_PATH, MARKET_DATA_PATH } from './prices.mjs';
import { ART_BASE_PATH, ART_TOKENS, CHAIN_ID, ITEMS, ITEMS_URI_PATH, artDataUri, artMetadata, itemIdHex } from './catalog.mjs';

export const CORE_CONTRACTS = ['WTLOS', 'STLOS', 'ESCROW', 'TUSD', 'GEMS', 'ART', 'ITEMS'];
const FUNGIBLE_TOKENS = ['WTLOS', 'STLOS', 'TUSD', 'GEMS'];
const ONE = parseEther('1');

const str = (value) => value.toString();

function mediaTypeOf(token) {
  if (token.kind === 'video') return 'video';
  if (token.kind === 'audio') return 'audio';
  if (token.kind === 'broken-metadata') return 'unknown';
  return 'image';
}

function nftTokenFacts(ctx, assetsUrl) {
  return ART_TOKENS.map((token, index) => {
    const tokenId = BigInt(index + 1);
    const tokenUri = token.path === null ? artDataUri(token) : `${assetsUrl}${ART_BASE_PATH}${token.path}`;
    const metadata = token.metadata ? artMetadata(token, assetsUrl) : null;
    return {
      collection: 'ART',
      contract: ctx.contracts.ART.address,
      tokenId: str(tokenId),
      name: token.name,
      kind: token.kind,
      mediaType: mediaTypeOf(token),
      tokenUri,
      metadataValid: metadata !== null,
      image: metadata?.image ?? null,
      animationUrl: metadata?.animation_url ?? null,
      imageAvailable: token.kind !== 'missing-image' && metadata !== null,
      attributes: metadata?.attributes ?? [],
    };
  });
}

/** All facts about named accounts (and the helper contracts that hold tokens), from the ledger. */
export function seededFacts(ctx, { assetsUrl, timeBase, chainTime, lockDuration, scam = null }) {
  const { ledger, accounts, contracts } = ctx;
  const names = Object.fromEntries(accounts.map((a) => [a.address, a.name]));
  for (const [k, c] of Object.entries(contracts)) names[c.address] ??= k;
  const party = (address) => names[address] ?? address;

  const nativeHolders = [...accounts.map((a) => a.name), 'WTLOS', 'STLOS', 'ESCROW'];
  const tokenHolders = [
    ...accounts.flatMap((a) => FUNGIBLE_TOKENS.map((token) => [a.name, token])),
    ['dave', 'DAVE'], ['SWAP', 'TUSD'], ['SWAP', 'GEMS'], ['STLOS', 'WTLOS'],
  ];
  const escrowDeposits = accounts.flatMap((a) =>
    ledger.escrowDeposits(a.address).map((d, index) => ({
      account: a.name, address: a.address, index, amount: str(d.amount), until: Number(d.until), withdrawable: d.until <= chainTime,
    })));
  const erc721Ids = ledger.nftTokenIds('ART');

  return {
    timeBase: Number(timeBase),
    helperContracts: { SWAP: contracts.SWAP.address, DAVE: contracts.DAVE.address, SPAM: contracts.SPAM.address },
    nativeBalances: nativeHolders.map((holder) => {
      const address = ctx.resolve(holder);
      return { account: holder, address, amount: str(ledger.native(address)) };
    }),
    balances: tokenHolders.map(([holder, token]) => {
      const address = ctx.resolve(holder);
      return { account: holder, address, token, tokenAddress: contracts[token].address, amount: str(ledger.balance(token, address)) };
    }),
    totalSupplies: [...FUNGIBLE_TOKENS, 'DAVE'].map((token) => ({
      token, tokenAddress: contracts[token].address, amount: str(ledger.totalSupply(token)),
    })),
    allowances: ledger.allowancePairs().map(({ token, owner, spender, amount }) => ({
      owner: party(owner), ownerAddress: owner, spender: party(spender), spenderAddress: spender,
      token, tokenAddress: contracts[token].address, amount: str(amount),
      kind: amount === maxUint256 ? 'unlimited' : amount === 0n ? 'revoked' : 'limited',
    })),
    erc721Owners: erc721Ids.map((tokenId) => {
      const owner = ledger.ownerOf('ART', tokenId);
      return { collection: 'ART', tokenId: str(tokenId), owner: party(owner), ownerAddress: owner };
    }),
    erc721Approved: erc721Ids.map((tokenId) => {
      const approved = ledger.approvedOf('ART', tokenId) ?? zeroAddress;
      return { collection: 'ART', tokenId: str(tokenId), approved: approved === zeroAddress ? null : party(approved), approvedAddress: approved };
    }),
    operatorApprovals: ['ART', 'ITEMS'].flatMap((collection) =>
      ledger.operatorPairs(collection).map(({ owner, operator, approved }) => ({
        collection, owner: party(owner), ownerAddress: owner, operator: party(operator), operatorAddress: operator, approved,
      }))),
    erc1155Balances: accounts.flatMap((a) =>
      ITEMS.map((item) => ({
        collection: 'ITEMS', account: a.name, address: a.address, id: str(item.id), amount: str(ledger.balance1155('ITEMS', item.id, a.address)),
      }))),
    escrowDeposits,
    escrowAccounts: accounts.map((a) => {
      const deposits = escrowDeposits.filter((d) => d.account === a.name);
      const sum = (list) => str(list.reduce((total, d) => total + BigInt(d.amount), 0n));
      return { account: a.name, address: a.address, balance: sum(deposits), maxWithdraw: sum(deposits.filter((d) => d.withdrawable)) };
    }),
    staking: {
      lockDuration: str(lockDuration),
      totalAssets: str(ledger.balance('WTLOS', contracts.STLOS.address)),
      totalSupply: str(ledger.totalSupply('STLOS')),
      previewDeposit1: str(ledger.vaultSharesForDeposit('STLOS', 'WTLOS', ONE)),
      previewRedeem1: str(ledger.vaultAssetsForRedeem('STLOS', 'WTLOS', ONE)),
      escrowTotalAssets: str(ledger.native(contracts.ESCROW.address)),
    },
    nftTokens: nftTokenFacts(ctx, assetsUrl),
    items: ITEMS.map((item) => ({
      collection: 'ITEMS', contract: contracts.ITEMS.address, id: str(item.id), name: item.name,
      uri: `${assetsUrl}${ITEMS_URI_PATH}`, metadataUrl: `${assetsUrl}/items/${itemIdHex(item.id)}.json`,
    })),
    scam,
    transactions: ctx.transactions,
  };
}

export function buildManifest({ rpcUrl, assetsUrl, ctx, seeded, chainId = CHAIN_ID }) {
  return {
    version: 1,
    network: 'telos-evm-devnet',
    chainId,
    rpcUrl,
    assetsUrl,
    tokenListUrl: `${assetsUrl}/tokenlist.json`,
    priceAggregatorUrl: `${assetsUrl}${AGGREGATOR_PATH}`,
    marketDataUrl: `${assetsUrl}${MARKET_DATA_PATH}`,
    startBlock: 0,
    contracts: Object.fromEntries(CORE_CONTRACTS.map((key) => [key, ctx.contracts[key].address])),
    accounts: ctx.accounts.map(({ name, address, privateKey }) => ({ name, address, privateKey })),
    seeded,
  };
}

export function writeManifest(path, manifest) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}
