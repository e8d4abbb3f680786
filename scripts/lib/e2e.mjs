// Runs the browser end-to-end specs (web/e2e) against a freshly started local stack,
// then stops the stack whatever the outcome. `node scripts/lib/e2e.mjs zero.test.ts` runs one
// spec file against the same stack.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startStack, stopChild } from './stack.mjs';

// The specs' operator phishing list names one listed dapp's domain, as if it had been taken
// over (web/e2e/zero-safety.test.ts checks the dapp search flags it).
const stack = await startStack({ profile: 'debug', phishingFile: join(repoRoot, 'web', 'e2e', 'operator-phishing.txt') });
let exitCode = 1;
let runner;
const interrupt = () => runner?.kill('SIGTERM');
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);
try {
  const webDir = join(repoRoot, 'web');
  // Arguments narrow the run to some spec files (by file name or path) while working on them.
  const wanted = process.argv.slice(2).map((arg) => arg.split('/').pop());
  const specs = readdirSync(join(webDir, 'e2e'))
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => wanted.length === 0 || wanted.includes(name))
    .sort()
    .map((name) => join('e2e', name));
  if (specs.length === 0) throw new Error('no browser specs found in web/e2e');
  // One spec file at a time: each starts its own Chromium, and CI has two cores.
  runner = spawn(join(webDir, 'node_modules', '.bin', 'tsx'), ['--test', '--test-concurrency=1', ...specs], {
    cwd: webDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      TANDEM_URL: stack.url,
      TANDEM_DEVNET_MANIFEST: stack.manifestPath,
      TANDEM_NATIVE_DEVNET_MANIFEST: stack.nativeManifestPath,
    },
  });
  exitCode = await new Promise((resolvePromise) => {
    runner.on('exit', (code) => resolvePromise(code ?? 1));
    runner.on('error', () => resolvePromise(1));
  });
} finally {
  if (runner) await stopChild(runner);
  await stack.stop();
}
process.exit(exitCode);
