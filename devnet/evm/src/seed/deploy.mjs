// Step 1: deploy the devnet contracts from the deployer, in a fixed order (so fixed addresses).
import { parseEther, parseUnits } from 'viem';
import { ART_BASE_PATH, ITEMS_URI_PATH } from '../catalog.mjs';

/** Unstake lock on the devnet, in seconds. */
export const LOCK_DURATION = 3600n;
export const TUSD_SUPPLY = parseUnits('1000000', 6);
export const GEMS_SUPPLY = parseEther('1000000');
/** TandemSwap rate: 1 base unit of TUSD (6 decimals) = 10^19 / 10^6 base units of GEMS, i.e. 1 TUSD = 10 GEMS. */
export const SWAP_RATE = { num: parseEther('10'), den: parseUnits('1', 6) };

export async function deployContracts(ctx, { assetsUrl }) {
  const { ledger } = ctx;
  const deployer = ctx.account('deployer');
  const wtlos = await ctx.deploy('WTLOS', 'deployer', 'WTLOS');
  const escrow = await ctx.deploy('ESCROW', 'deployer', 'UnstakeEscrow', [LOCK_DURATION]);
  const stlos = await ctx.deploy('STLOS', 'deployer', 'STLOS', [wtlos, escrow]);
  ledger.registerVault('STLOS', stlos);
  const tusd = await ctx.deploy('TUSD', 'deployer', 'SampleToken', ['Tandem USD', 'TUSD', 6, deployer, TUSD_SUPPLY]);
  ledger.mint('TUSD', deployer, TUSD_SUPPLY);
  const gems = await ctx.deploy('GEMS', 'deployer', 'SampleToken', ['Gems', 'GEMS', 18, deployer, GEMS_SUPPLY]);
  ledger.mint('GEMS', deployer, GEMS_SUPPLY);
  await ctx.deploy('ART', 'deployer', 'TandemArt', [`${assetsUrl}${ART_BASE_PATH}`, deployer]);
  await ctx.deploy('ITEMS', 'deployer', 'TandemItems', [`${assetsUrl}${ITEMS_URI_PATH}`, deployer]);
  await ctx.deploy('SWAP', 'deployer', 'TandemSwap', [tusd, gems, SWAP_RATE.num, SWAP_RATE.den]);
}
