// Step 4: wrap/unwrap, staking into the STLOS vault, rewards, unstaking into the escrow, and a jump in
// chain time so one unstake becomes withdrawable while a later one stays locked.
import { parseEther } from 'viem';
import { LOCK_DURATION } from './deploy.mjs';

const tlos = (amount) => parseEther(amount);

async function wrap(ctx, name, amount) {
  await ctx.call(`wrap.${name}`, name, 'WTLOS', 'deposit', [], { value: amount });
  ctx.ledger.addNative(ctx.contracts.WTLOS.address, amount);
  ctx.ledger.mint('WTLOS', ctx.account(name), amount);
}

async function unwrap(ctx, name, amount) {
  await ctx.call(`unwrap.${name}`, name, 'WTLOS', 'withdraw', [amount]);
  ctx.ledger.burn('WTLOS', ctx.account(name), amount);
  ctx.ledger.addNative(ctx.contracts.WTLOS.address, -amount);
  ctx.ledger.addNative(ctx.account(name), amount);
}

/** Vault assets are WTLOS held by the vault; native TLOS paid in is wrapped. */
function vaultReceivesTlos(ctx, amount) {
  ctx.ledger.addNative(ctx.contracts.WTLOS.address, amount);
  ctx.ledger.mint('WTLOS', ctx.contracts.STLOS.address, amount);
}

async function stake(ctx, name, amount) {
  const shares = ctx.ledger.vaultSharesForDeposit('STLOS', 'WTLOS', amount);
  await ctx.call(`stake.${name}`, name, 'STLOS', 'depositTLOS', [], { value: amount });
  vaultReceivesTlos(ctx, amount);
  ctx.ledger.mint('STLOS', ctx.account(name), shares);
}

async function addRewards(ctx, name, amount) {
  await ctx.call(`rewards.${name}`, name, 'STLOS', 'addRewards', [], { value: amount });
  vaultReceivesTlos(ctx, amount);
}

/** STLOS.withdraw(assets, self, self): burns shares, locks `assets` TLOS in the escrow. */
async function unstake(ctx, label, name, assets) {
  const { ledger, contracts } = ctx;
  const owner = ctx.account(name);
  const shares = ledger.vaultSharesForWithdraw('STLOS', 'WTLOS', assets);
  const receipt = await ctx.call(label, name, 'STLOS', 'withdraw', [assets, owner, owner]);
  ledger.burn('STLOS', owner, shares);
  ledger.burn('WTLOS', contracts.STLOS.address, assets);
  ledger.addNative(contracts.WTLOS.address, -assets);
  ledger.addNative(contracts.ESCROW.address, assets);
  const until = (await ctx.timestampOf(receipt)) + LOCK_DURATION;
  ledger.lockInEscrow(owner, assets, until);
}

async function withdrawFromEscrow(ctx, name) {
  const receipt = await ctx.call(`escrow.withdraw.${name}`, name, 'ESCROW', 'withdraw');
  const released = ctx.ledger.releaseEscrow(ctx.account(name), await ctx.timestampOf(receipt));
  if (released === 0n) throw new Error(`escrow withdraw for ${name} released nothing`);
  ctx.ledger.addNative(ctx.contracts.ESCROW.address, -released);
  ctx.ledger.addNative(ctx.account(name), released);
}

export async function seedStaking(ctx) {
  await wrap(ctx, 'alice', tlos('10'));
  await unwrap(ctx, 'alice', tlos('4'));
  await wrap(ctx, 'bob', tlos('5'));

  await stake(ctx, 'alice', tlos('100'));
  await stake(ctx, 'bob', tlos('50'));
  await addRewards(ctx, 'deployer', tlos('15'));
  await stake(ctx, 'carol', tlos('20')); // at the raised share price

  await unstake(ctx, 'unstake.alice.unlocked', 'alice', tlos('10'));
  await unstake(ctx, 'unstake.bob', 'bob', tlos('3'));

  // Jump past the lock: the next block is mined LOCK_DURATION + 1 s after the latest one.
  const latest = await ctx.latestTimestamp();
  await ctx.rpc('evm_setNextBlockTimestamp', [Number(latest + LOCK_DURATION + 1n)]);

  await withdrawFromEscrow(ctx, 'bob');
  await unstake(ctx, 'unstake.alice.locked', 'alice', tlos('5'));
}
