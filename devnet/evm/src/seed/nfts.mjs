// Step 3: ERC-721 mints, transfers and approvals; ERC-1155 mints, single and batch transfers, operators.
import { ART_TOKENS, artDataUri } from '../catalog.mjs';

async function setOperator(ctx, label, collection, owner, operator, approved) {
  await ctx.call(label, owner, collection, 'setApprovalForAll', [ctx.account(operator), approved]);
  ctx.ledger.setOperator(collection, ctx.account(owner), ctx.account(operator), approved);
}

async function seedArt(ctx) {
  const { ledger } = ctx;
  for (const [index, token] of ART_TOKENS.entries()) {
    const tokenId = BigInt(index + 1);
    const to = ctx.account(token.mintTo);
    if (token.path === null) {
      await ctx.call(`art.mint.${tokenId}`, 'deployer', 'ART', 'mintWithURI', [to, artDataUri(token)]);
    } else {
      await ctx.call(`art.mint.${tokenId}`, 'deployer', 'ART', 'mint', [to, token.path]);
    }
    ledger.mintNft('ART', tokenId, to);
  }

  const transfers = [
    { tokenId: 2n, from: 'alice', to: 'bob', fn: 'safeTransferFrom' },
    { tokenId: 6n, from: 'bob', to: 'carol', fn: 'transferFrom' },
  ];
  for (const { tokenId, from, to, fn } of transfers) {
    await ctx.call(`art.transfer.${tokenId}`, from, 'ART', fn, [ctx.account(from), ctx.account(to), tokenId]);
    ledger.transferNft('ART', tokenId, ctx.account(from), ctx.account(to));
  }

  await ctx.call('art.approve.7', 'alice', 'ART', 'approve', [ctx.account('bob'), 7n]);
  ledger.approveNft('ART', 7n, ctx.account('bob'));
  await setOperator(ctx, 'art.approvalForAll.alice-carol', 'ART', 'alice', 'carol', true);
  await setOperator(ctx, 'art.approvalForAll.dave-bob', 'ART', 'dave', 'bob', true);
  await setOperator(ctx, 'art.revokeApprovalForAll.dave-bob', 'ART', 'dave', 'bob', false);
}

async function seedItems(ctx) {
  const { ledger } = ctx;
  const mints = [
    { to: 'alice', ids: [1n, 2n, 3n], amounts: [10n, 5n, 100n] },
    { to: 'bob', ids: [1n], amounts: [3n] },
  ];
  for (const { to, ids, amounts } of mints) {
    await ctx.call(`items.mint.${to}`, 'deployer', 'ITEMS', 'mintBatch', [ctx.account(to), ids, amounts]);
    ids.forEach((id, i) => ledger.move1155('ITEMS', id, null, ctx.account(to), amounts[i]));
  }

  const alice = ctx.account('alice');
  await ctx.call('items.transfer.alice-bob', 'alice', 'ITEMS', 'safeTransferFrom', [alice, ctx.account('bob'), 1n, 2n, '0x']);
  ledger.move1155('ITEMS', 1n, alice, ctx.account('bob'), 2n);

  const batch = { ids: [2n, 3n], amounts: [1n, 20n] };
  await ctx.call('items.batchTransfer.alice-carol', 'alice', 'ITEMS', 'safeBatchTransferFrom', [
    alice, ctx.account('carol'), batch.ids, batch.amounts, '0x',
  ]);
  batch.ids.forEach((id, i) => ledger.move1155('ITEMS', id, alice, ctx.account('carol'), batch.amounts[i]));

  await setOperator(ctx, 'items.approvalForAll.bob-dave', 'ITEMS', 'bob', 'dave', true);
}

export async function seedNfts(ctx) {
  await seedArt(ctx);
  await seedItems(ctx);
}
