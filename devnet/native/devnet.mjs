// Starts the native (Antelope/Leap) devnet from Node: spawns devnet/native/run.sh (which builds
// the Python venv on first use), waits until the manifest is written and get_info answers.
// See devnet/native/README.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
/** First start may build the venv (~30-40 s of pip); later starts take about a second. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answersGetInfo(rpcUrl) {
  try {
    const response = await fetch(`${rpcUrl}/v1/chain/get_info`, { method: 'POST', body: '{}' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the devnet and writes its manifest to `manifestPath` (a temporary file when omitted).
 * Returns { rpcUrl, manifest, stop }; stop() sends SIGTERM and waits for a clean exit.
 */
export async function startNativeDevnet({ manifestPath, log = console.error } = {}) {
  const ownDir = manifestPath ? null : mkdtempSync(join(tmpdir(), 'tandem-native-'));
  const path = manifestPath ?? join(ownDir, 'manifest.json');
  rmSync(path, { force: true });
  const started = performance.now();
  const child = spawn(join(HERE, 'run.sh'), ['--manifest', path], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Last resort if this process ends without calling stop() (a crash, a process.exit in a
  // failing script): the chain shuts down on SIGTERM instead of outliving it.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  child.once('exit', () => process.removeListener('exit', stopOnExit));
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  let stderrTail = '';
  child.stderr.on('data', (chunk) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log(`[native devnet] ${line.trim()}`);
  });

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = delay(STOP_TIMEOUT_MS).then(() => 'timeout');
    if ((await Promise.race([exitPromise, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exitPromise;
    }
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let manifest = null;
    while (!manifest || !(await answersGetInfo(manifest.rpcUrl))) {
      if (exited) throw new Error(`native devnet exited (${JSON.stringify(exited)}): ${stderrTail}`);
      if (Date.now() > deadline) throw new Error(`native devnet not ready after ${START_TIMEOUT_MS} ms`);
      if (!manifest && existsSync(path)) manifest = JSON.parse(readFileSync(path, 'utf8'));
      await delay(50);
    }
    log(`native devnet ready in ${Math.round(performance.now() - started)} ms: rpc ${manifest.rpcUrl}`);
    return { rpcUrl: manifest.rpcUrl, manifest, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * DEVNET ONLY. Starts the native devnet's EVM relay (devnet/native/README.md, "Devnet EVM relay"):
 * from now on every move between eosio.evm and the EVM devnet at `evmRpcUrl` is carried to the
 * other chain, the moves made before (the seed's deposit) first. Returns { stop }; the relay also
 * ends with the native devnet's process.
 */
export async function startEvmRelay({ nativeManifest, evmRpcUrl, log = console.error }) {
  const controlUrl = nativeManifest.evmRelay.controlUrl;
  const control = async (body) => {
    const response = await fetch(controlUrl, { method: 'POST', body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`devnet EVM relay: ${answer.error ?? response.status}`);
    return answer;
  };
  await control({ evmRpcUrl });
  log(`devnet EVM relay carrying moves between ${nativeManifest.rpcUrl} and ${evmRpcUrl}`);
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await control({ evmRpcUrl: null });
      } catch {
        // The native devnet is already gone, and the relay with it.
      }
    },
  };
}
