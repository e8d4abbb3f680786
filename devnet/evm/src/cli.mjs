#!/usr/bin/env node
// Runs the devnet until SIGINT/SIGTERM: `node src/cli.mjs --manifest PATH`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startDevnet } from './devnet.mjs';

const USAGE = 'usage: node devnet/evm/src/cli.mjs --manifest PATH [--chain-id N]  (N: 41 by default)';

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      options: { manifest: { type: 'string' }, 'chain-id': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (!values.manifest) throw new Error('--manifest is required');
    const chainId = values['chain-id'] === undefined ? undefined : Number(values['chain-id']);
    if (chainId !== undefined && !(Number.isSafeInteger(chainId) && chainId > 0)) {
      throw new Error(`--chain-id must be a positive whole number, not ${values['chain-id']}`);
    }
    return { manifestPath: resolve(values.manifest), chainId };
  } catch (error) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
}

const { manifestPath, chainId } = parseCommandLine();

// The stop handlers are in place before anything starts: a SIGTERM that came while
// the devnet was starting, or just after it said ready, would otherwise end node by
// the default action, which skips every exit hook and leaves anvil running on its port.
let devnet = null;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.error(`${signal}: stopping devnet`);
  // Still starting: exiting runs anvil's exit hook, which kills it.
  if (devnet === null) process.exit(0);
  try {
    await devnet.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

devnet = await startDevnet({ manifestPath, ...(chainId === undefined ? {} : { chainId }) });
const { manifest } = devnet;

console.log(`Telos EVM devnet (chain id ${manifest.chainId})`);
console.log(`  rpc:      ${manifest.rpcUrl}`);
console.log(`  assets:   ${manifest.assetsUrl}  (token list ${manifest.tokenListUrl})`);
console.log(`  manifest: ${manifestPath}`);
console.log('  contracts:');
for (const [key, address] of Object.entries(manifest.contracts)) console.log(`    ${key.padEnd(8)} ${address}`);
console.log('  accounts:');
for (const { name, address, privateKey } of manifest.accounts) console.log(`    ${name.padEnd(8)} ${address}  ${privateKey}`);
console.log('Press Ctrl+C to stop.');
