// Compiles devnet/evm/contracts/*.sol with solc-js into build/<Contract>.json ({ abi, bytecode }).
// The build is keyed by a hash of the compiler version, settings and every contract source, so
// `ensureCompiled()` is a no-op while nothing changed. Run directly: `node scripts/compile.mjs [--force]`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const EVM_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS_DIR = join(EVM_DIR, 'contracts');
const NODE_MODULES_DIR = join(EVM_DIR, 'node_modules');
export const BUILD_DIR = join(EVM_DIR, 'build');
const STAMP_FILE = join(BUILD_DIR, 'build-info.json');

// OpenZeppelin >= 5.5 uses mcopy/transient opcodes, hence cancun.
const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

const require = createRequire(import.meta.url);

function solcVersion() {
  return JSON.parse(readFileSync(join(NODE_MODULES_DIR, 'solc', 'package.json'), 'utf8')).version;
}

function contractSources() {
  const sources = {};
  for (const file of readdirSync(CONTRACTS_DIR).filter((f) => f.endsWith('.sol')).sort()) {
    sources[`contracts/${file}`] = { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') };
  }
  return sources;
}

function buildHash(sources) {
  const hash = createHash('sha256');
  hash.update(solcVersion());
  hash.update(JSON.stringify(SETTINGS));
  for (const [name, { content }] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest('hex');
}

/** True when build/ holds the output of the current sources, compiler and settings. */
export function isBuildFresh() {
  if (!existsSync(STAMP_FILE)) return false;
  try {
    return JSON.parse(readFileSync(STAMP_FILE, 'utf8')).hash === buildHash(contractSources());
  } catch {
    return false;
  }
}

function writeAtomically(path, content) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

function findImport(path) {
  // Sources import OpenZeppelin as "@openzeppelin/..." and siblings as "contracts/...".
  const candidates = [join(NODE_MODULES_DIR, path), join(EVM_DIR, path)];
  for (const candidate of candidates) {
    if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') };
  }
  return { error: `import not found: ${path}` };
}

/** Compiles every contract and rewrites build/. Throws with solc's messages on any error. */
export function compileAll() {
  const solc = require('solc');
  const sources = contractSources();
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  // Test files run in parallel processes may compile at the same time: every file is replaced
  // atomically (same content from each), and the stamp is written last.
  mkdirSync(BUILD_DIR, { recursive: true });
  const written = [];
  for (const sourceName of Object.keys(sources)) {
    for (const [contractName, artifact] of Object.entries(output.contracts[sourceName] ?? {})) {
      const json = { contractName, sourceName, abi: artifact.abi, bytecode: `0x${artifact.evm.bytecode.object}` };
      writeAtomically(join(BUILD_DIR, `${contractName}.json`), `${JSON.stringify(json, null, 2)}\n`);
      written.push(contractName);
    }
  }
  for (const file of readdirSync(BUILD_DIR)) {
    const stale = file.endsWith('.json') && file !== 'build-info.json' && !written.includes(file.slice(0, -5));
    if (stale) rmSync(join(BUILD_DIR, file), { force: true });
  }
  const stamp = { hash: buildHash(sources), solcVersion: solc.version(), settings: SETTINGS, contracts: written };
  writeAtomically(STAMP_FILE, `${JSON.stringify(stamp, null, 2)}\n`);
  return written;
}

/** Compiles unless build/ is fresh. Returns true when it compiled. */
export function ensureCompiled() {
  if (isBuildFresh()) return false;
  compileAll();
  return true;
}

/** Reads one compiled artifact ({ abi, bytecode }). */
export function loadArtifact(contractName) {
  return JSON.parse(readFileSync(join(BUILD_DIR, `${contractName}.json`), 'utf8'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const force = process.argv.includes('--force');
  if (!force && isBuildFresh()) {
    console.log('build/ is up to date');
  } else {
    const written = compileAll();
    console.log(`compiled ${written.length} contracts in ${Math.round(performance.now() - started)} ms: ${written.join(', ')}`);
  }
}
