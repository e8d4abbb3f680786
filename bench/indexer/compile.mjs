// Compiles BenchToken.sol with the devnet's solc-js (devnet/evm/node_modules) and writes its
// creation bytecode to BenchToken.bin, which the Rust benchmark embeds. Run after editing the
// contract: `node bench/indexer/compile.mjs` (needs `npm ci` in devnet/evm).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'devnet', 'evm', 'package.json'));
const solc = require('solc');

const input = {
  language: 'Solidity',
  sources: { 'BenchToken.sol': { content: readFileSync(join(here, 'BenchToken.sol'), 'utf8') } },
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { BenchToken: ['evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
const bytecode = output.contracts['BenchToken.sol'].BenchToken.evm.bytecode.object;
writeFileSync(join(here, 'BenchToken.bin'), `0x${bytecode}\n`);
console.log(`BenchToken.bin: ${bytecode.length / 2} bytes (solc ${solc.version()})`);
