// Starts and stops a local anvil node (the Telos EVM devnet chain) on a free 127.0.0.1 port.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_MNEMONIC } from './accounts.mjs';

const EVM_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ANVIL_BIN = join(EVM_DIR, 'node_modules', '@foundry-rs', 'anvil-linux-amd64', 'bin', 'anvil');
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
  ensureExecutable(ANVIL_BIN);
  const args = [
    '--host', '127.0.0.1',
    '--port', '0',
    '--chain-id', String(chainId),
    '--mnemonic', DEV_MNEMONIC,
    '--timestamp', String(genesisTimestamp),
  ];
  const child = spawn(ANVIL_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
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

  // Last resort if the parent exits without calling stop() (e.g. process.exit in a failing test).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

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
