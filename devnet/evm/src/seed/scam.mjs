// Step 5: what scammers plant in a wallet (issue 37), sent from addresses nobody holds a key
// for (anvil impersonates them, as a scammer's own keys would sign on a real chain):
// - a junk token whose name carries a link, airdropped to alice;
// - address poisoning: an address that starts and ends like bob's (alice paid bob in step 2)
//   moves 0 of alice's TUSD "from" her with a `transferFrom` it signed, and sends her dust TLOS,
//   so that both look like rows of alice's own dealings with bob.
import { getAddress, parseEther } from 'viem';
import { loadArtifact } from '../../scripts/compile.mjs';

export const SPAM_TOKEN = {
  name: 'Claim your TLOS reward at https://tlos-bonus.xyz',
  symbol: 'tlos-bonus.xyz',
  decimals: 18,
  supply: parseEther('1000000000'),
  airdrop: parseEther('5000'),
};

/** The scammer that deploys and airdrops the junk token. */
export const SPAMMER = getAddress('0x5bad00000000000000000000000000000000a1e5');

/** One wei short of 0.000001 TLOS: dust. */
export const DUST = 999_999_999_999n;

/** An address with bob's first and last 4 hex characters and anything between. */
export function poisonerOf(bob) {
  const hex = bob.slice(2).toLowerCase();
  return getAddress(`0x${hex.slice(0, 4)}${'d'.repeat(32)}${hex.slice(-4)}`);
}

async function impersonate(ctx, address) {
  await ctx.rpc('anvil_impersonateAccount', [address]);
  await ctx.rpc('anvil_setBalance', [address, `0x${parseEther('10').toString(16)}`]);
}

/** Sends from an impersonated address and records the transaction under `label`. */
async function record(ctx, label, from, hash, extra = {}) {
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 });
  if (receipt.status !== 'success') throw new Error(`${label}: status ${receipt.status}`);
  ctx.transactions[label] = {
    hash,
    from: from,
    fromAddress: from,
    to: extra.toName ?? (receipt.to && getAddress(receipt.to)),
    toAddress: receipt.to && getAddress(receipt.to),
    status: receipt.status,
    blockNumber: Number(receipt.blockNumber),
    ...extra.facts,
  };
  ctx.log(`  ${label}: ${receipt.status}`);
  return receipt;
}

export async function seedScam(ctx) {
  const alice = ctx.account('alice');
  await impersonate(ctx, SPAMMER);
  const artifact = loadArtifact('SampleToken');
  const { name, symbol, decimals, supply, airdrop } = SPAM_TOKEN;
  const deployHash = await ctx.walletClient.deployContract({
    account: SPAMMER, abi: artifact.abi, bytecode: artifact.bytecode, args: [name, symbol, decimals, SPAMMER, supply],
  });
  const deployed = await record(ctx, 'scam.spamToken.deploy', SPAMMER, deployHash);
  const spam = getAddress(deployed.contractAddress);
  ctx.contracts.SPAM = { address: spam, abi: artifact.abi, artifact: 'SampleToken' };
  const airdropHash = await ctx.walletClient.writeContract({
    account: SPAMMER, address: spam, abi: artifact.abi, functionName: 'transfer', args: [alice, airdrop],
  });
  await record(ctx, 'scam.spamToken.airdrop', SPAMMER, airdropHash, { toName: 'SPAM' });

  const poisoner = poisonerOf(ctx.account('bob'));
  await impersonate(ctx, poisoner);
  const tusd = ctx.contracts.TUSD;
  const zeroHash = await ctx.walletClient.writeContract({
    account: poisoner, address: tusd.address, abi: tusd.abi, functionName: 'transferFrom', args: [alice, poisoner, 0n],
  });
  await record(ctx, 'scam.poison.zeroTransferFrom', poisoner, zeroHash, { toName: 'TUSD' });
  const dustHash = await ctx.walletClient.sendTransaction({ account: poisoner, to: alice, value: DUST });
  await record(ctx, 'scam.poison.dust', poisoner, dustHash, { toName: 'alice' });
  ctx.ledger.addNative(alice, DUST);
  await ctx.rpc('anvil_stopImpersonatingAccount', [SPAMMER]);
  await ctx.rpc('anvil_stopImpersonatingAccount', [poisoner]);

  return {
    spamToken: { address: spam, name, symbol, decimals, holder: 'alice', amount: airdrop.toString() },
    spammer: SPAMMER,
    poisoner,
    imitates: 'bob',
    dust: DUST.toString(),
  };
}
