// Starts the local Telos EVM devnet: anvil (chain id 41, or another one asked for) + the assets
// server, deploys and seeds deterministically, and writes the manifest. See devnet/evm/README.md.
import { ensureCompiled } from '../scripts/compile.mjs';
import { namedAccounts } from './accounts.mjs';
import { startAnvil } from './anvil.mjs';
import { startAssetsServer } from './assets-server.mjs';
import { CHAIN_ID } from './catalog.mjs';
import { Ledger } from './ledger.mjs';
import { buildManifest, seededFacts, writeManifest } from './manifest.mjs';
import { createSeedContext } from './seed/context.mjs';
import { LOCK_DURATION, deployContracts } from './seed/deploy.mjs';
import { seedFungible } from './seed/fungible.mjs';
import { seedNfts } from './seed/nfts.mjs';
import { seedScam } from './seed/scam.mjs';
import { seedStaking } from './seed/staking.mjs';

/** anvil's default balance for each dev account: 10,000 TLOS. */
const INITIAL_NATIVE_BALANCE = 10_000n * 10n ** 18n;
/** Seconds between seeded blocks (fixed so relative times repeat run after run). */
const SEED_BLOCK_INTERVAL = 2;
/**
 * The chain starts this far in the past so that, after the seeding's jump over the lock, chain time
 * lands before the wall clock; then it is moved to the wall clock. The early unstake is then
 * withdrawable both by chain and wall time, the late one stays locked for about LOCK_DURATION.
 */
const GENESIS_LEAD_SECONDS = Number(LOCK_DURATION) + 600;

async function seedAll(ctx, assetsUrl, log) {
  let scam = null;
  const steps = [
    ['deploy', () => deployContracts(ctx, { assetsUrl })],
    ['fungible', () => seedFungible(ctx)],
    ['nfts', () => seedNfts(ctx)],
    ['staking', () => seedStaking(ctx)],
    ['scam', async () => { scam = await seedScam(ctx); }],
  ];
  for (const [name, run] of steps) {
    const started = performance.now();
    await run();
    log(`seed step ${name} done in ${Math.round(performance.now() - started)} ms`);
  }
  return { scam };
}

/**
 * Starts everything and writes the manifest to `manifestPath` (when given). `chainId` is the
 * devnet's own 41 unless another is asked for: 40 lets a test serve the same seeded chain as
 * telos-evm (mainnet's id) without pretending.
 * Returns { rpcUrl, assetsUrl, manifest, stop }; stop() ends anvil and closes the assets server.
 */
export async function startDevnet({ manifestPath, chainId = CHAIN_ID, log = console.error } = {}) {
  const started = performance.now();
  if (ensureCompiled()) log(`compiled contracts in ${Math.round(performance.now() - started)} ms`);

  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne();
  };
  try {
    const genesisTimestamp = Math.floor(Date.now() / 1000) - GENESIS_LEAD_SECONDS;
    const anvil = await startAnvil({ chainId, genesisTimestamp, log });
    stops.push(anvil.stop);
    const assets = await startAssetsServer({ log, chainId });
    stops.push(assets.stop);

    const accounts = namedAccounts();
    const ledger = new Ledger();
    for (const { address } of accounts) ledger.addNative(address, INITIAL_NATIVE_BALANCE);
    const ctx = createSeedContext({ rpcUrl: anvil.rpcUrl, accounts, ledger, chainId, log: () => {} });

    await ctx.rpc('anvil_setBlockTimestampInterval', [SEED_BLOCK_INTERVAL]);
    const { scam } = await seedAll(ctx, assets.url, log);
    const seedEnd = await ctx.latestTimestamp();
    const seeded = seededFacts(ctx, {
      assetsUrl: assets.url, timeBase: BigInt(genesisTimestamp), chainTime: seedEnd, lockDuration: LOCK_DURATION, scam,
    });
    // From here on the chain follows the wall clock again.
    await ctx.rpc('anvil_removeBlockTimestampInterval', []);
    await ctx.rpc('evm_setTime', [Math.max(Math.floor(Date.now() / 1000), Number(seedEnd) + 1)]);
    await ctx.rpc('evm_mine', []);

    const contracts = Object.fromEntries(Object.entries(ctx.contracts).map(([k, c]) => [k, c.address]));
    assets.setContracts(contracts);
    const manifest = buildManifest({ rpcUrl: anvil.rpcUrl, assetsUrl: assets.url, ctx, seeded, chainId });
    if (manifestPath) writeManifest(manifestPath, manifest);
    log(`devnet ready in ${Math.round(performance.now() - started)} ms: rpc ${anvil.rpcUrl}, assets ${assets.url}`);
    return { rpcUrl: anvil.rpcUrl, assetsUrl: assets.url, manifest, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
