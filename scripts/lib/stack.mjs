// Starts the whole local stack — the EVM devnet (anvil, deployed and seeded), the
// native devnet (a real Leap chain with a history subset and a test fee sponsor), the
// devnet EVM relay between them (moves of TLOS between eosio.evm and anvil) and
// tandem-server serving the built web app against both — and stops it again.
// Shared by the demo command and the browser end-to-end run so both exercise the
// same wiring.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet } from '../../devnet/evm/src/devnet.mjs';
import { startEvmRelay, startNativeDevnet } from '../../devnet/native/devnet.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const SERVER_START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/**
 * @param {{ profile?: 'debug' | 'release', stateDir?: string, webDist?: string, phishingFile?: string, log?: (msg: string) => void }} options
 *   webDist: the web build the server serves (web/dist by default; bench/web/compare.mjs serves others)
 *   phishingFile: an operator phishing-domain list for the server (the browser specs name a listed dapp in one)
 */
export async function startStack({ profile = 'debug', stateDir, webDist = join(repoRoot, 'web', 'dist'), phishingFile, log = (m) => console.error(m) } = {}) {
  const dir = stateDir ?? join(repoRoot, '.tandem');
  mkdirSync(dir, { recursive: true });
  const manifestPath = join(dir, 'devnet-manifest.json');
  const nativeManifestPath = join(dir, 'native-devnet-manifest.json');

  log('starting the devnets: EVM (anvil, deploy and seed) and native (Leap, seed)…');
  // Both devnets start side by side; if one fails, the other is stopped before rethrowing.
  const [evmStart, nativeStart] = await Promise.allSettled([
    startDevnet({ manifestPath, log }),
    startNativeDevnet({ manifestPath: nativeManifestPath, log }),
  ]);
  const started = [evmStart, nativeStart].filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const failure = [evmStart, nativeStart].find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((devnet) => devnet.stop()));
    throw failure.reason;
  }
  const devnet = evmStart.value;
  const nativeDevnet = nativeStart.value;
  // The devnet EVM relay carries TLOS moved between a Telos account's native and EVM halves.
  let relay;
  try {
    relay = await startEvmRelay({ nativeManifest: nativeDevnet.manifest, evmRpcUrl: devnet.rpcUrl, log });
  } catch (error) {
    await Promise.all([devnet.stop(), nativeDevnet.stop()]);
    throw error;
  }
  const stopDevnets = async () => {
    await relay.stop();
    await Promise.all([devnet.stop(), nativeDevnet.stop()]);
  };

  // The devnets are new chains every start: an index kept from the last run holds another
  // chain, whose first blocks can even match this one's (same seeding) before it parts.
  rmSync(join(dir, 'index'), { recursive: true, force: true });
  let server;
  try {
    log('starting tandem-server…');
    server = await startServer({
      binary: join(repoRoot, 'target', profile, 'tandem-server'),
      env: {
        TANDEM_LISTEN: '127.0.0.1:0',
        TANDEM_WEB_DIST: webDist,
        TANDEM_DATA_DIR: dir,
        TANDEM_DEVNET_MANIFEST: manifestPath,
        TANDEM_NATIVE_DEVNET_MANIFEST: nativeManifestPath,
        // The devnet's exchange-like account needs a memo: the operator's list names it.
        TANDEM_MEMO_REQUIRED_FILE: join(repoRoot, 'devnet', 'native', 'memo-required.txt'),
        ...(phishingFile === undefined ? {} : { TANDEM_PHISHING_FILE: phishingFile }),
      },
      log,
    });
  } catch (error) {
    await stopDevnets();
    throw error;
  }

  let stopped = false;
  return {
    url: server.url,
    manifestPath,
    manifest: devnet.manifest,
    nativeManifestPath,
    nativeManifest: nativeDevnet.manifest,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopChild(server.child);
      await stopDevnets();
    },
  };
}

/**
 * Starts `binary` (tandem-server) with `env` added to this process's environment and
 * resolves once it prints its address: { url, child }. Also used by browser specs that
 * start a server of their own (web/e2e/own-index.test.ts).
 * @param {{ binary: string, env: Record<string, string>, log: (msg: string) => void }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess }>}
 */
export function startServer({ binary, env, log }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(binary, [], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Last resort if this process ends without stopping it (a crash, a process.exit in a
    // failing script): a server left running keeps the index's writer lease, and the next
    // run's server would only stand by beside it.
    const stopOnExit = () => child.kill('SIGTERM');
    process.once('exit', stopOnExit);
    child.once('exit', () => process.removeListener('exit', stopOnExit));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tandem-server did not report its address within ${SERVER_START_TIMEOUT_MS} ms`));
    }, SERVER_START_TIMEOUT_MS);
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const match = buffered.match(/tandem-server listening on (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        child.stdout.removeAllListeners('data');
        child.stdout.on('data', (more) => log(more.trimEnd()));
        resolvePromise({ url: match[1], child });
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${binary}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`tandem-server exited during start-up (code ${code}, signal ${signal})`));
    });
  });
}

/** Asks a child to stop, and kills it if it has not within the grace period. */
export function stopChild(child) {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolvePromise();
      return;
    }
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
