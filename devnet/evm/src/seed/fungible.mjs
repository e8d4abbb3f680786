// Step 2: native TLOS and ERC-20 activity: transfers both ways, swaps, approvals (limited, unlimited,
// revoked), a failed transaction and a contract creation by a named account.
import { maxUint256, parseEther, parseUnits } from 'viem';
import { SWAP_RATE } from './deploy.mjs';

const tusd = (amount) => parseUnits(amount, 6);
const gems = (amount) => parseEther(amount);
const tlos = (amount) => parseEther(amount);

export const DAVE_TOKEN = { name: 'Dave Coin', symbol: 'DAVE', decimals: 18, supply: parseEther('1000') };

async function sendTlos(ctx, from, to, amount) {
  await ctx.sendNative(`tlos.${from}-${to}`, from, to, amount);
  ctx.ledger.addNative(ctx.account(to), amount);
}

async function transferToken(ctx, label, from, token, to, amount) {
  await ctx.call(label, from, token, 'transfer', [ctx.resolve(to), amount]);
  ctx.ledger.transfer(token, ctx.account(from), ctx.resolve(to), amount);
}

async function approve(ctx, label, owner, token, spender, amount) {
  await ctx.call(label, owner, token, 'approve', [ctx.resolve(spender), amount]);
  ctx.ledger.approve(token, ctx.account(owner), ctx.resolve(spender), amount);
}

/** Swaps through TandemSwap: the trader sends tokenIn and receives the other token in one tx. */
async function swap(ctx, label, trader, tokenIn, amountIn) {
  const amountOut = tokenIn === 'TUSD'
    ? (amountIn * SWAP_RATE.num) / SWAP_RATE.den
    : (amountIn * SWAP_RATE.den) / SWAP_RATE.num;
  const tokenOut = tokenIn === 'TUSD' ? 'GEMS' : 'TUSD';
  await ctx.call(label, trader, 'SWAP', 'swap', [ctx.contracts[tokenIn].address, amountIn]);
  const pool = ctx.contracts.SWAP.address;
  ctx.ledger.transferFrom(tokenIn, pool, ctx.account(trader), pool, amountIn);
  ctx.ledger.transfer(tokenOut, pool, ctx.account(trader), amountOut);
  ctx.transactions[label].swap = { tokenIn, amountIn: String(amountIn), tokenOut, amountOut: String(amountOut) };
}

export async function seedFungible(ctx) {
  await sendTlos(ctx, 'alice', 'bob', tlos('1.5'));
  await sendTlos(ctx, 'bob', 'carol', tlos('0.25'));
  await sendTlos(ctx, 'dave', 'alice', tlos('2'));

  const grants = [
    ['TUSD', 'alice', tusd('1000')], ['TUSD', 'bob', tusd('500')], ['TUSD', 'carol', tusd('250')],
    ['GEMS', 'alice', gems('100')], ['GEMS', 'bob', gems('50')], ['GEMS', 'dave', gems('10')],
    ['TUSD', 'SWAP', tusd('10000')], ['GEMS', 'SWAP', gems('100000')],
  ];
  for (const [token, to, amount] of grants) {
    await transferToken(ctx, `grant.${token}.${to}`, 'deployer', token, to, amount);
  }

  await transferToken(ctx, 'erc20.alice-bob.TUSD', 'alice', 'TUSD', 'bob', tusd('12.5'));
  await transferToken(ctx, 'erc20.bob-alice.TUSD', 'bob', 'TUSD', 'alice', tusd('3.25'));
  await transferToken(ctx, 'erc20.alice-bob.GEMS', 'alice', 'GEMS', 'bob', gems('1.5'));
  await transferToken(ctx, 'erc20.bob-alice.GEMS', 'bob', 'GEMS', 'alice', gems('0.75'));

  // Limited approval, partly used by the swap (75 TUSD left).
  await approve(ctx, 'approve.alice.TUSD.SWAP', 'alice', 'TUSD', 'SWAP', tusd('100'));
  await swap(ctx, 'swap', 'alice', 'TUSD', tusd('25'));
  // Unlimited approval: stays 2^256-1 after use.
  await approve(ctx, 'approve.bob.GEMS.SWAP', 'bob', 'GEMS', 'SWAP', maxUint256);
  await swap(ctx, 'swap.bob', 'bob', 'GEMS', gems('20'));
  await approve(ctx, 'approve.alice.GEMS.bob', 'alice', 'GEMS', 'bob', gems('5'));
  // Revoked approval.
  await approve(ctx, 'approve.carol.TUSD.dave', 'carol', 'TUSD', 'dave', tusd('50'));
  await approve(ctx, 'revoke.carol.TUSD.dave', 'carol', 'TUSD', 'dave', 0n);

  // Failed transaction: carol sends far more TUSD than she has. The explicit gas limit skips
  // estimation (which would refuse), so anvil mines it with status 0.
  await ctx.call('failed', 'carol', 'TUSD', 'transfer', [ctx.account('dave'), tusd('1000000')], {
    gas: 100_000n,
    expectFailure: true,
  });

  // Contract creation by a named account.
  const { name, symbol, decimals, supply } = DAVE_TOKEN;
  await ctx.deploy('DAVE', 'dave', 'SampleToken', [name, symbol, decimals, ctx.account('dave'), supply], {
    label: 'contractCreation',
  });
  ctx.ledger.mint('DAVE', ctx.account('dave'), supply);
}
