// What the benches share: starting a built tandem-server on a free loopback port against
// the devnet, resolved once it prints its URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts `serverPath` with `args`, the devnet manifest at `manifestPath` and its data in
 * `dataDir`; resolves to `{ url, child }` once the server announces its URL (30 s at most).
 */
export function startServer({ serverPath, repoRoot, manifestPath, dataDir, args = [] }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(serverPath, args, {
      env: {
        ...process.env,
        TANDEM_LISTEN: '127.0.0.1:0',
        TANDEM_DEVNET_MANIFEST: manifestPath,
        TANDEM_DATA_DIR: dataDir,
        TANDEM_WEB_DIST: join(repoRoot, 'web', 'dist'),
        TANDEM_LOG: 'off',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('server start timed out')); }, 30_000);
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/tandem-server listening on (http:\/\/\S+)/);
      if (match) { clearTimeout(timer); child.stdout.resume(); resolvePromise({ url: match[1], child }); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code})`)); });
  });
}
