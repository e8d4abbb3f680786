// The command-line devnet stops anvil whenever it is told to stop: a SIGTERM while it is
// still seeding, or one sent the moment it says ready (what a test harness does), must
// never leave anvil running on its port.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/cli.mjs', import.meta.url));

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return !isRunning(pid);
}

/** Starts the CLI and sends SIGTERM as soon as `when` matches its output; resolves to anvil's pid and the exit code. */
async function stopWhen(when) {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-cli-'));
  try {
    const child = spawn(process.execPath, [CLI, '--manifest', join(dir, 'manifest.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    let anvilPid = null;
    const signalled = new Promise((resolve) => {
      const onData = (chunk) => {
        output += chunk.toString();
        anvilPid ??= Number(/anvil pid (\d+)/.exec(output)?.[1] ?? Number.NaN) || null;
        if (anvilPid !== null && when.test(output)) {
          child.kill('SIGTERM');
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    await Promise.race([signalled, exited]);
    const code = await exited;
    assert.ok(anvilPid !== null, `the devnet never reported anvil's pid:\n${output}`);
    return { anvilPid, code, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a SIGTERM while the devnet is still starting stops anvil too', async () => {
  const { anvilPid, code, output } = await stopWhen(/anvil pid \d+/);
  assert.equal(code, 0, output);
  assert.ok(await waitUntilGone(anvilPid, 5_000), `anvil ${anvilPid} still runs after the devnet exited`);
});

test('a SIGTERM right after the ready line stops anvil', async () => {
  const { anvilPid, code, output } = await stopWhen(/Press Ctrl\+C to stop\./);
  assert.equal(code, 0, output);
  assert.ok(await waitUntilGone(anvilPid, 5_000), `anvil ${anvilPid} still runs after the devnet exited`);
});
