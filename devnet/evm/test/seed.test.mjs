// Starts the devnet, reads the manifest from disk and checks every seeded fact with fresh chain reads
// (and the assets server for token list, metadata and media).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createPublicClient, erc20Abi, erc721Abi, getAddress, http, parseEther } from 'viem';
import { loadArtifact } from '../scripts/compile.mjs';
import { startDevnetWithTempManifest } from '../test-support/devnet-fixture.mjs';

let manifest;
let cleanup;
let client;
const abi = {};

before(async () => {
  ({ manifest, cleanup } = await startDevnetWithTempManifest());
  client = createPublicClient({ transport: http(manifest.rpcUrl) });
  for (const name of ['STLOS', 'UnstakeEscrow', 'TandemItems', 'TandemArt']) abi[name] = loadArtifact(name).abi;
});

after(async () => {
  await cleanup?.();
});

const read = (address, contractAbi, functionName, args = []) =>
  client.readContract({ address, abi: contractAbi, functionName, args });

describe('manifest', () => {
  test('has the agreed top-level shape', async () => {
    assert.equal(manifest.version, 1);
    assert.equal(manifest.network, 'telos-evm-devnet');
    assert.equal(manifest.chainId, 41);
    assert.equal(manifest.tokenListUrl, `${manifest.assetsUrl}/tokenlist.json`);
    assert.equal(manifest.startBlock, 0);
    assert.deepEqual(Object.keys(manifest.contracts).sort(), ['ART', 'ESCROW', 'GEMS', 'ITEMS', 'STLOS', 'TUSD', 'WTLOS']);
    for (const address of Object.values(manifest.contracts)) assert.equal(getAddress(address), address);
    assert.deepEqual(manifest.accounts.map((a) => a.name), ['deployer', 'alice', 'bob', 'carol', 'dave']);
    assert.equal(await client.getChainId(), 41);
  });

  test('account keys match their addresses', async () => {
    const { privateKeyToAddress } = await import('viem/accounts');
    for (const account of manifest.accounts) assert.equal(privateKeyToAddress(account.privateKey), account.address);
  });

  test('contracts carry the expected names, symbols and decimals', async () => {
    const expected = {
      WTLOS: ['Wrapped TLOS', 'WTLOS', 18], STLOS: ['Staked TLOS', 'STLOS', 18],
      TUSD: ['Tandem USD', 'TUSD', 6], GEMS: ['Gems', 'GEMS', 18],
    };
    for (const [key, [name, symbol, decimals]] of Object.entries(expected)) {
      const address = manifest.contracts[key];
      assert.equal(await read(address, erc20Abi, 'name'), name);
      assert.equal(await read(address, erc20Abi, 'symbol'), symbol);
      assert.equal(await read(address, erc20Abi, 'decimals'), decimals);
    }
    assert.equal(await read(manifest.contracts.ART, erc721Abi, 'name'), 'Tandem Art');
    assert.equal(await read(manifest.contracts.ART, erc721Abi, 'symbol'), 'ART');
    assert.equal(await read(manifest.contracts.ITEMS, abi.TandemItems, 'name'), 'Tandem Items');
    assert.equal(getAddress(await read(manifest.contracts.STLOS, abi.STLOS, 'asset')), manifest.contracts.WTLOS);
  });
});

describe('seeded balances and approvals', () => {
  test('native balances', async () => {
    assert.ok(manifest.seeded.nativeBalances.length >= 8);
    for (const { account, address, amount } of manifest.seeded.nativeBalances) {
      assert.equal(await client.getBalance({ address }), BigInt(amount), `native balance of ${account}`);
    }
  });

  test('ERC-20 balances and total supplies', async () => {
    for (const { account, address, token, tokenAddress, amount } of manifest.seeded.balances) {
      assert.equal(await read(tokenAddress, erc20Abi, 'balanceOf', [address]), BigInt(amount), `${token} of ${account}`);
    }
    for (const { token, tokenAddress, amount } of manifest.seeded.totalSupplies) {
      assert.equal(await read(tokenAddress, erc20Abi, 'totalSupply'), BigInt(amount), `${token} supply`);
    }
  });

  test('ERC-20 allowances: limited, unlimited and revoked', async () => {
    const kinds = new Set(manifest.seeded.allowances.map((a) => a.kind));
    assert.deepEqual([...kinds].sort(), ['limited', 'revoked', 'unlimited']);
    for (const { owner, ownerAddress, spender, spenderAddress, token, tokenAddress, amount } of manifest.seeded.allowances) {
      const onChain = await read(tokenAddress, erc20Abi, 'allowance', [ownerAddress, spenderAddress]);
      assert.equal(onChain, BigInt(amount), `${token} allowance ${owner} -> ${spender}`);
    }
  });

  test('ERC-721 owners and single approvals', async () => {
    for (const { tokenId, owner, ownerAddress } of manifest.seeded.erc721Owners) {
      assert.equal(await read(manifest.contracts.ART, erc721Abi, 'ownerOf', [BigInt(tokenId)]), ownerAddress, `owner of #${tokenId} (${owner})`);
    }
    assert.ok(manifest.seeded.erc721Approved.some((a) => a.approved !== null));
    for (const { tokenId, approvedAddress } of manifest.seeded.erc721Approved) {
      assert.equal(await read(manifest.contracts.ART, erc721Abi, 'getApproved', [BigInt(tokenId)]), approvedAddress, `approved of #${tokenId}`);
    }
  });

  test('operator approvals (approval for all), including a revoked one', async () => {
    const collections = new Set(manifest.seeded.operatorApprovals.map((a) => a.collection));
    assert.deepEqual([...collections].sort(), ['ART', 'ITEMS']);
    assert.ok(manifest.seeded.operatorApprovals.some((a) => !a.approved));
    for (const { collection, ownerAddress, operatorAddress, approved } of manifest.seeded.operatorApprovals) {
      const onChain = await read(manifest.contracts[collection], erc721Abi, 'isApprovedForAll', [ownerAddress, operatorAddress]);
      assert.equal(onChain, approved, `${collection} operator ${operatorAddress} for ${ownerAddress}`);
    }
  });

  test('ERC-1155 balances per id', async () => {
    for (const { account, address, id, amount } of manifest.seeded.erc1155Balances) {
      assert.equal(await read(manifest.contracts.ITEMS, abi.TandemItems, 'balanceOf', [address, BigInt(id)]), BigInt(amount), `ITEMS ${id} of ${account}`);
    }
  });
});

describe('staking and escrow', () => {
  test('STLOS vault state and previews', async () => {
    const { staking } = manifest.seeded;
    const stlos = manifest.contracts.STLOS;
    assert.equal(await read(stlos, abi.STLOS, 'totalAssets'), BigInt(staking.totalAssets));
    assert.equal(await read(stlos, abi.STLOS, 'totalSupply'), BigInt(staking.totalSupply));
    assert.equal(await read(stlos, abi.STLOS, 'previewDeposit', [parseEther('1')]), BigInt(staking.previewDeposit1));
    assert.equal(await read(stlos, abi.STLOS, 'previewRedeem', [parseEther('1')]), BigInt(staking.previewRedeem1));
    assert.ok(BigInt(staking.previewRedeem1) > parseEther('1'), 'rewards raised the share price');
  });

  test('escrow deposits, unlocked and total amounts', async () => {
    const escrow = manifest.contracts.ESCROW;
    const { escrowDeposits, escrowAccounts, staking } = manifest.seeded;
    assert.equal(await read(escrow, abi.UnstakeEscrow, 'lockDuration'), BigInt(staking.lockDuration));
    assert.equal(await read(escrow, abi.UnstakeEscrow, 'totalAssets'), BigInt(staking.escrowTotalAssets));
    assert.ok(escrowDeposits.some((d) => d.withdrawable) && escrowDeposits.some((d) => !d.withdrawable));
    for (const { account, address, balance, maxWithdraw } of escrowAccounts) {
      const onChain = await read(escrow, abi.UnstakeEscrow, 'depositsOf', [address]);
      const expected = escrowDeposits.filter((d) => d.account === account);
      assert.deepEqual(
        onChain.map((d) => ({ amount: d.amount, until: Number(d.until) })),
        expected.map((d) => ({ amount: BigInt(d.amount), until: d.until })),
        `depositsOf ${account}`,
      );
      assert.equal(await read(escrow, abi.UnstakeEscrow, 'maxWithdraw', [address]), BigInt(maxWithdraw), `maxWithdraw ${account}`);
      assert.equal(await read(escrow, abi.UnstakeEscrow, 'balanceOf', [address]), BigInt(balance), `escrow balanceOf ${account}`);
    }
  });
});

describe('seeded transactions', () => {
  test('every recorded transaction has the recorded sender, recipient and status', async () => {
    for (const [label, tx] of Object.entries(manifest.seeded.transactions)) {
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      assert.equal(receipt.status, tx.status, `${label} status`);
      assert.equal(getAddress(receipt.from), tx.fromAddress, `${label} from`);
      assert.equal(receipt.to ? getAddress(receipt.to) : null, tx.toAddress, `${label} to`);
      assert.equal(Number(receipt.blockNumber), tx.blockNumber, `${label} block`);
    }
  });

  test('the failed transaction was mined with status 0', async () => {
    const { failed } = manifest.seeded.transactions;
    const receipt = await client.getTransactionReceipt({ hash: failed.hash });
    assert.equal(receipt.status, 'reverted');
  });

  test('the contract creation by a named account', async () => {
    const { contractCreation } = manifest.seeded.transactions;
    assert.equal(contractCreation.from, 'dave');
    const receipt = await client.getTransactionReceipt({ hash: contractCreation.hash });
    assert.equal(receipt.to, null);
    assert.equal(getAddress(receipt.contractAddress), contractCreation.contractAddress);
    assert.equal(contractCreation.contractAddress, manifest.seeded.helperContracts.DAVE);
    assert.ok((await client.getCode({ address: contractCreation.contractAddress })).length > 2);
  });

  test('the swap: one sender both sends and receives ERC-20 tokens in one transaction', async () => {
    const { swap } = manifest.seeded.transactions;
    const receipt = await client.getTransactionReceipt({ hash: swap.hash });
    const transfers = receipt.logs
      .filter((log) => log.topics.length === 3 && log.topics[0] === '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
      .map((log) => ({ token: getAddress(log.address), from: getAddress(`0x${log.topics[1].slice(26)}`), to: getAddress(`0x${log.topics[2].slice(26)}`), amount: BigInt(log.data) }));
    const out = transfers.find((t) => t.from === swap.fromAddress);
    const into = transfers.find((t) => t.to === swap.fromAddress);
    assert.ok(out && into && out.token !== into.token, 'sends one token and receives another');
    assert.equal(out.amount, BigInt(swap.swap.amountIn));
    assert.equal(into.amount, BigInt(swap.swap.amountOut));
  });
});

describe('assets server', () => {
  const get = (url) => fetch(url);

  test('token list for chain 41 with TUSD logo, GEMS, WTLOS and STLOS', async () => {
    const response = await get(manifest.tokenListUrl);
    assert.equal(response.status, 200);
    const list = await response.json();
    const bySymbol = Object.fromEntries(list.tokens.map((t) => [t.symbol, t]));
    for (const symbol of ['TUSD', 'GEMS', 'WTLOS', 'STLOS']) {
      assert.equal(bySymbol[symbol].chainId, 41);
      assert.equal(bySymbol[symbol].address, manifest.contracts[symbol]);
    }
    assert.equal(bySymbol.TUSD.decimals, 6);
    const logo = await get(bySymbol.TUSD.logoURI);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
  });

  async function loadMetadata(tokenUri) {
    if (tokenUri.startsWith('data:application/json;base64,')) {
      return Buffer.from(tokenUri.slice(tokenUri.indexOf(',') + 1), 'base64').toString('utf8');
    }
    const response = await get(tokenUri);
    assert.equal(response.status, 200, tokenUri);
    return response.text();
  }

  test('ERC-721 tokenURIs resolve to the recorded metadata and media', async () => {
    const kinds = new Set(manifest.seeded.nftTokens.map((t) => t.kind));
    for (const kind of ['image', 'video', 'audio', 'data-uri', 'broken-metadata', 'missing-image']) assert.ok(kinds.has(kind), kind);
    for (const token of manifest.seeded.nftTokens) {
      const onChainUri = await read(manifest.contracts.ART, abi.TandemArt, 'tokenURI', [BigInt(token.tokenId)]);
      assert.equal(onChainUri, token.tokenUri, `tokenURI #${token.tokenId}`);
      const body = await loadMetadata(onChainUri);
      if (!token.metadataValid) {
        assert.throws(() => JSON.parse(body), SyntaxError, `#${token.tokenId} metadata is deliberately invalid`);
        continue;
      }
      const metadata = JSON.parse(body);
      assert.equal(metadata.name, token.name);
      assert.equal(metadata.image, token.image);
      assert.deepEqual(metadata.attributes, token.attributes);
      assert.ok(metadata.attributes.every((a) => 'trait_type' in a && 'value' in a));
      if (token.image.startsWith('data:')) {
        assert.match(token.image, /^data:image\/svg\+xml;base64,/);
      } else {
        const image = await get(token.image);
        assert.equal(image.status, token.imageAvailable ? 200 : 404, `image of #${token.tokenId}`);
        if (token.imageAvailable) assert.match(image.headers.get('content-type'), /^image\//);
      }
      if (token.mediaType === 'video' || token.mediaType === 'audio') {
        assert.equal(metadata.animation_url, token.animationUrl);
        const media = await get(token.animationUrl);
        assert.equal(media.status, 200);
        assert.ok(media.headers.get('content-type').startsWith(`${token.mediaType}/`), `${token.mediaType} MIME type`);
        assert.ok((await media.arrayBuffer()).byteLength > 0);
      }
    }
  });

  test('ERC-1155 uri template and per-id metadata', async () => {
    for (const item of manifest.seeded.items) {
      assert.equal(await read(manifest.contracts.ITEMS, abi.TandemItems, 'uri', [BigInt(item.id)]), item.uri);
      const substituted = item.uri.replace('{id}', BigInt(item.id).toString(16).padStart(64, '0'));
      assert.equal(substituted, item.metadataUrl);
      const response = await get(item.metadataUrl);
      assert.equal(response.status, 200);
      const metadata = await response.json();
      assert.equal(metadata.name, item.name);
      assert.equal((await get(metadata.image)).status, 200);
    }
  });
});
