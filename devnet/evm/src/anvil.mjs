// Starts and stops a local anvil node (the Telos EVM devnet chain) on a free 127.0.0.1 port.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_MNEMONIC } from './accounts.mjs';

const EVM_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * npm `@foundry-rs/anvil` brings the binary of this platform as an optional dependency
 * (`@foundry-rs/anvil-<os>-<cpu>`); it is run directly, without the package's Node wrapper,
 * so stopping the devnet signals anvil itself.
 */
const PLATFORM_PACKAGES = {
  'linux-x64': 'anvil-linux-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'darwin-arm64': 'anvil-darwin-arm64',
  'win32-x64': 'anvil-win32-amd64',
};

export function anvilBinary() {
  const platform = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[platform];
  if (name === undefined) throw new Error(`@foundry-rs/anvil ships no binary for ${platform}`);
  return join(EVM_DIR, 'node_modules', '@foundry-rs', name, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}
const STARTUP_TIMEOUT_MS = 15_000;

/** npm does not always keep the executable bit of a binary inside a package. */
function ensureExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, 0o755);
  }
}

/**
 * Spawns anvil with `--port 0` and reads the port it bound from its "Listening on" line.
 * Resolves to { rpcUrl, port, stop }.
 */
export async function startAnvil({ chainId, genesisTimestamp, log = () => {} }) {
  const binary = anvilBinary();
  ensureExecutable(binary);
  const args = [
    '--host', '127.0.0.1',
    '--port', '0',
    '--chain-id', String(chainId),
    '--mnemonic', DEV_MNEMONIC,
    '--timestamp', String(genesisTimestamp),
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  // Last resort if the parent exits without calling stop() (a process.exit in a failing
  // test, a stop signal while still starting): from the spawn on, not only once it is up.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';

  const port = await new Promise((resolvePort, rejectPort) => {
    const timer = setTimeout(() => fail(new Error(`anvil did not start within ${STARTUP_TIMEOUT_MS} ms`)), STARTUP_TIMEOUT_MS);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      rejectPort(new Error(`${error.message}\n--- anvil output ---\n${output.slice(-2000)}`));
    }
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', fail);
    exited.then(({ code, signal }) => fail(new Error(`anvil exited early (code ${code}, signal ${signal})`)));
  });
  // Keep draining the pipes so anvil never blocks on a full buffer; drop the text.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  const rpcUrl = `http://127.0.0.1:${port}`;
  log(`anvil pid ${child.pid} listening on ${rpcUrl}`);

  let stopping;
  function stop() {
    stopping ??= (async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  }
  return { rpcUrl, port, pid: child.pid, stop };
}
