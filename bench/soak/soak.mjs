// Memory soak (run by bench/soak/run.sh, by hand, not in CI):
//   1. starts the seeded EVM devnet once;
//   2. for each cache budget: starts the release tandem-server on it (built-in index,
//      [cache] max_bytes = the budget), waits until the index is the source in use, warms
//      up, and reads the server's resident memory (VmRSS) — the "before";
//   3. sends --requests requests over --accounts distinct accounts (balances, history, NFTs
//      and approvals of each, every account asked several times, in a shuffled order, from
//      --concurrency connections), each answer checked for 200;
//   4. reads the resident memory again and the cache's own accounting from /metrics, and
//      checks after <= before + budget + the fixed overhead (the allocator's arenas and
//      free lists, connection buffers: memory that does not grow with the cache).
// Flags: --requests N (default 100000) --accounts N (default 10000) --concurrency N
//        (default 32) --budgets MiB,MiB (default 4,64) --overhead MiB (default 32)
//        --server PATH (default target/release/tandem-server)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { startDevnet } = await import(pathToFileURL(join(repoRoot, 'devnet/evm/src/devnet.mjs')));
const { stopChild } = await import(pathToFileURL(join(repoRoot, 'scripts/lib/stack.mjs')));
const { startServer } = await import(pathToFileURL(join(repoRoot, 'bench/lib/server.mjs')));

const { values: flags } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    accounts: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '32' },
    budgets: { type: 'string', default: '4,64' },
    overhead: { type: 'string', default: '32' },
    server: { type: 'string', default: join(repoRoot, 'target', 'release', 'tandem-server') },
  },
});

const NETWORK = 'telos-evm-devnet';
const MIB = 1024 * 1024;
const log = (message) => console.error(`[soak] ${message}`);

/** A deterministic account address for index i (none of them ever transacted). */
const account = (i) => `0x${(0x5a000000 + i).toString(16).padStart(40, '0')}`;
/** The routes asked of each account. */
const ROUTES = ['balances?fiat=USD', 'transactions?limit=10', 'nfts', 'approvals'];

/** The process's resident memory in bytes (Linux). */
function rss(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)[1];
  return Number(kb) * 1024;
}

/** One sample of a /metrics text (without labels). */
function metric(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

async function waitForIndex(base) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${base}/status`);
    const status = response.ok ? await response.json() : null;
    if (status?.source?.inUse === 'ownIndex' && status.indexer?.enrichedBlock != null) return status;
    if (Date.now() > deadline) throw new Error(`the index is not the source in time: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The request order: every account's routes, repeated, shuffled with a fixed seed. */
function plan(total, accounts) {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const order = [];
  for (let i = 0; i < total; i++) order.push([i % accounts, Math.floor(i / accounts) % ROUTES.length]);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

async function soak(base, order, concurrency) {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < order.length) {
      const [who, route] = order[next++];
      const response = await fetch(`${base}/accounts/${account(who)}/${ROUTES[route]}`);
      await response.arrayBuffer();
      if (response.status !== 200 && failures++ < 5) log(`${response.status} for ${account(who)}/${ROUTES[route]}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { seconds: (performance.now() - started) / 1000, failures };
}

const mib = (bytes) => `${(bytes / MIB).toFixed(1)} MiB`;
const stateDir = mkdtempSync(join(tmpdir(), 'tandem-soak-'));
let devnet;
let server;
const rows = [];
try {
  const manifestPath = join(stateDir, 'devnet-manifest.json');
  devnet = await startDevnet({ manifestPath, log: () => {} });
  const total = Number(flags.requests);
  const accounts = Number(flags.accounts);
  const overhead = Number(flags.overhead) * MIB;
  const order = plan(total, accounts);
  for (const budgetMib of flags.budgets.split(',').map(Number)) {
    const budget = budgetMib * MIB;
    const configPath = join(stateDir, `tandem-${budgetMib}.toml`);
    writeFileSync(configPath, `[cache]\nmax_bytes = ${budget}\n`);
    server = await startServer({
      serverPath: flags.server, repoRoot, manifestPath, dataDir: join(stateDir, `data-${budgetMib}`), args: ['--config', configPath],
    });
    const base = `${server.url}/api/v1/evm/${NETWORK}`;
    await waitForIndex(base);
    // Warm-up: every route once, so lazily built parts (clients, pools) exist.
    for (const route of ROUTES) await (await fetch(`${base}/accounts/${account(accounts + 1)}/${route}`)).arrayBuffer();
    const before = rss(server.child.pid);
    log(`budget ${budgetMib} MiB: ${total} requests over ${accounts} accounts, ${flags.concurrency} connections…`);
    const run = await soak(base, order, Number(flags.concurrency));
    const after = rss(server.child.pid);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    rows.push({
      budget, before, after, run, overhead,
      cacheBytes: metric(text, 'tandem_cache_bytes'),
      entries: metric(text, 'tandem_cache_entries'),
    });
    await stopChild(server.child);
    server = undefined;
  }

  console.log(`\nTandem memory soak — ${total} requests over ${accounts} accounts (${ROUTES.length} routes each), release build\n`);
  console.log(`${'max_bytes'.padStart(10)} ${'RSS before'.padStart(11)} ${'RSS after'.padStart(11)} ${'growth'.padStart(10)} ${'cache holds'.padStart(12)} ${'entries'.padStart(8)} ${'req/s'.padStart(8)}`);
  for (const r of rows) {
    console.log(`${mib(r.budget).padStart(10)} ${mib(r.before).padStart(11)} ${mib(r.after).padStart(11)} ${mib(r.after - r.before).padStart(10)} ${mib(r.cacheBytes).padStart(12)} ${String(r.entries).padStart(8)} ${(total / r.run.seconds).toFixed(0).padStart(8)}`);
  }
  console.log(`\nfixed overhead allowed: RSS before the soak + ${mib(overhead)} (allocator arenas and free lists, connection buffers)`);
  const checks = rows.flatMap((r) => [
    [`max_bytes ${mib(r.budget)}: RSS after ${mib(r.after)} <= before ${mib(r.before)} + limit ${mib(r.budget)} + ${mib(r.overhead)}`, r.after <= r.before + r.budget + r.overhead],
    [`max_bytes ${mib(r.budget)}: the cache holds ${mib(r.cacheBytes)} <= its limit`, r.cacheBytes <= r.budget],
    [`max_bytes ${mib(r.budget)}: every answer 200 (${r.run.failures} not)`, r.run.failures === 0],
  ]);
  for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  if (server) await stopChild(server.child);
  if (devnet) await devnet.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
