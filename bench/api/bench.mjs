// API benchmark (run by bench/api/run.sh, by hand, not in CI):
//   1. starts the EVM devnet and seeds one owner with 1,000 approvals (ERC-20 approve across
//      4 tokens x 240 spenders, setApprovalForAll on ART and ITEMS x 20 operators);
//   2. starts the release tandem-server on it (built-in index), waits until the index has
//      every approval;
//   3. loads GET …/accounts/{owner}/balances (cached) and …/approvals with wrk on loopback, then
//      times approvals as first built at a new block (not from the cache): empty blocks (the
//      target), then blocks in which the owner changes an allowance (a full rebuild);
//   4. with --postgres URL (run.sh starts a throw-away cluster): tandem-indexer writes the
//      same chain into that PostgreSQL store, two tandem-server replicas serve it
//      (`write = false`), and the same routes are loaded across both (each wrk gets half
//      the connections; req/s summed, p50/p99 the worse replica's);
//   5. rebuilds the same approvals the way revoke.cash does — eth_getLogs for Approval and
//      ApprovalForAll by owner topic over RPC, latest wins, then allowance / isApprovedForAll
//      checks in one JSON-RPC batch — and prints the API's advantage.
// Flags: --duration S (wrk seconds, default 10) --connections N (default 32)
//        --baseline-runs N (default 30) --server PATH (default target/release/tandem-server)
//        --indexer PATH (default target/release/tandem-indexer) --postgres URL (an empty database)
import { execFile, execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const viem = await import(pathToFileURL(join(repoRoot, 'devnet/evm/node_modules/viem/_esm/index.js')));
const accounts = await import(pathToFileURL(join(repoRoot, 'devnet/evm/node_modules/viem/_esm/accounts/index.js')));
const { startDevnet } = await import(pathToFileURL(join(repoRoot, 'devnet/evm/src/devnet.mjs')));
const { stopChild } = await import(pathToFileURL(join(repoRoot, 'scripts/lib/stack.mjs')));
const { startServer } = await import(pathToFileURL(join(repoRoot, 'bench/lib/server.mjs')));

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'baseline-runs': { type: 'string', default: '30' },
    server: { type: 'string', default: join(repoRoot, 'target', 'release', 'tandem-server') },
    indexer: { type: 'string', default: join(repoRoot, 'target', 'release', 'tandem-indexer') },
    postgres: { type: 'string', default: '' },
  },
});

const NETWORK = 'telos-evm-devnet';
// anvil's well-known dev account #9 (not one of the devnet's named accounts): a clean owner.
const OWNER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
const ERC20_TOKENS = ['TUSD', 'GEMS', 'WTLOS', 'STLOS'];
const SPENDERS_PER_TOKEN = 240;
const OPERATORS_PER_COLLECTION = 20;
const EXPECTED = ERC20_TOKENS.length * SPENDERS_PER_TOKEN + 2 * OPERATORS_PER_COLLECTION;

const log = (message) => console.error(`[bench] ${message}`);
const abi = viem.parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
]);
const APPROVAL_TOPIC = viem.keccak256(viem.toHex('Approval(address,address,uint256)'));
const APPROVAL_FOR_ALL_TOPIC = viem.keccak256(viem.toHex('ApprovalForAll(address,address,bool)'));

/** A deterministic spender address for index i. */
const spender = (i) => viem.getAddress(`0x${(0xbe000000 + i).toString(16).padStart(40, '0')}`);

async function seedApprovals(rpcUrl, contracts) {
  const owner = accounts.privateKeyToAccount(OWNER_KEY);
  const chain = { id: 41, name: 'devnet', nativeCurrency: { name: 'TLOS', symbol: 'TLOS', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const wallet = viem.createWalletClient({ account: owner, chain, transport: viem.http(rpcUrl) });
  const client = viem.createPublicClient({ chain, transport: viem.http(rpcUrl) });
  let nonce = await client.getTransactionCount({ address: owner.address });
  const started = performance.now();
  const hashes = [];
  const send = async (to, data) => {
    hashes.push(await wallet.sendTransaction({ to, data, nonce: nonce++, gas: 100_000n, gasPrice: 2_000_000_000n }));
  };
  for (const token of ERC20_TOKENS) {
    for (let i = 0; i < SPENDERS_PER_TOKEN; i++) {
      const amount = BigInt(i + 1) * 10n ** 6n;
      await send(contracts[token], viem.encodeFunctionData({ abi, functionName: 'approve', args: [spender(i), amount] }));
    }
  }
  for (const collection of ['ART', 'ITEMS']) {
    for (let i = 0; i < OPERATORS_PER_COLLECTION; i++) {
      await send(contracts[collection], viem.encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender(1000 + i), true] }));
    }
  }
  const last = await client.waitForTransactionReceipt({ hash: hashes.at(-1) });
  if (last.status !== 'success') throw new Error('the last approval reverted');
  log(`seeded ${hashes.length} approvals for ${owner.address} in ${Math.round(performance.now() - started)} ms (up to block ${last.blockNumber})`);
  return { owner: owner.address, client };
}

async function getJson(url) {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function waitForApprovals(base, owner) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { status, body } = await getJson(`${base}/accounts/${owner}/approvals`);
    const count = status === 200 ? body.approvals.length : -1;
    if (count >= EXPECTED) return count;
    if (Date.now() > deadline) throw new Error(`approvals not indexed in time (last: ${status}, ${count} rows)`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Runs wrk and reads requests/s and latency percentiles from its --latency report. Async on
 * purpose: this process also hosts the devnet's assets server (token list, price services),
 * which must keep answering while wrk runs.
 */
async function wrk(url, connections = flags.connections) {
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${flags.duration}s`, '--latency', url], { encoding: 'utf8' });
  const ms = (text) => {
    const [, value, unit] = text.match(/([\d.]+)(us|ms|s)/);
    return Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];
  };
  const percentile = (p) => ms(out.match(new RegExp(`\\s${p}%\\s+(\\S+)`))[1]);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const socketErrors = out.match(/Socket errors: .*/)?.[0];
  if (socketErrors) log(`${url}: ${socketErrors}`);
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]), p50: percentile(50), p99: percentile(99), non2xx };
}

/**
 * wrk against the same route on every server at once, the connections split evenly:
 * req/s summed, p50 and p99 the worst server's (percentiles of two runs do not merge).
 */
async function wrkAcross(urls, connections = Number(flags.connections)) {
  const each = Math.max(1, Math.floor(connections / urls.length));
  const runs = await Promise.all(urls.map((url) => wrk(url, each)));
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * GET `url` timed to the last byte, measured like wrk's figures: on a kept-alive
 * connection, uncompressed, with node:http (fetch's own overhead on a 600 kB body is a
 * few milliseconds, the client's cost, not the server's); the body is parsed by the
 * caller after the clock stops.
 */
function timedGet(url) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent: keepAlive, headers: { 'accept-encoding': 'identity' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolvePromise({
        status: response.statusCode, bytes: Buffer.concat(chunks), ms: performance.now() - started,
      }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * A new block on the devnet, and its number: an empty one (`change` false: most blocks of a
 * real chain touch none of an owner's approvals), or one in which the owner changes one of
 * its allowances (every fact of its answer is gathered and rendered anew).
 */
function blockMaker(rpcUrl, tokens) {
  const owner = accounts.privateKeyToAccount(OWNER_KEY);
  const chain = { id: 41, name: 'devnet', nativeCurrency: { name: 'TLOS', symbol: 'TLOS', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } };
  const wallet = viem.createWalletClient({ account: owner, chain, transport: viem.http(rpcUrl) });
  const client = viem.createPublicClient({ chain, transport: viem.http(rpcUrl) });
  let changes = 0;
  return async (change) => {
    if (!change) {
      await client.request({ method: 'evm_mine', params: [] });
      // viem caches the block number for its polling interval: ask the node each time.
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    }
    changes += 1;
    const amount = BigInt(SPENDERS_PER_TOKEN + changes) * 10n ** 6n;
    const hash = await wallet.sendTransaction({
      to: tokens.TUSD, data: viem.encodeFunctionData({ abi, functionName: 'approve', args: [spender(0), amount] }),
      gas: 100_000n, gasPrice: 2_000_000_000n,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return Number(receipt.blockNumber);
  };
}

/**
 * Approvals as first computed at a new state of the index: a block is made (see
 * `blockMaker`), and the route is asked until its answer says the index covers that block
 * (`coverage.throughBlock`). Answers before that come from the cache of the previous state
 * and are not counted; the first one after it is built from the store (the answer's cache is
 * keyed by the index's committed state). `samples` times, one at a time; p50 and p99 of
 * those first answers.
 */
async function uncachedApprovals(base, owner, makeBlock, change, samples = 30) {
  const url = `${base}/accounts/${owner}/approvals`;
  const times = [];
  for (let i = 0; i < samples; i++) {
    const mined = await makeBlock(change);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { status, bytes, ms } = await timedGet(url);
      const body = JSON.parse(bytes.toString('utf8'));
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      if ((body.coverage?.throughBlock ?? -1) >= mined) {
        if (process.env.BENCH_VERBOSE) {
          const again = await timedGet(url);
          console.error(`[bench] block ${mined}: ${ms.toFixed(2)} ms (then cached: ${again.ms.toFixed(2)} ms)`);
        }
        times.push(ms);
        break;
      }
      if (Date.now() > deadline) throw new Error(`the index did not reach block ${mined}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  // One at a time with waits between: a rate would mean nothing here.
  return { rps: null, p50: at(50), p99: at(99), non2xx: 0 };
}

/** The routes' figures on `bases` (one server, or replicas sharing the load). */
async function measure(bases, owner, rpcUrl, tokens) {
  const balancesUrls = bases.map((base) => `${base}/accounts/${owner}/balances`);
  const approvalsUrls = bases.map((base) => `${base}/accounts/${owner}/approvals`);
  for (const url of balancesUrls) if ((await getJson(url)).status !== 200) throw new Error(`${url} failed`);
  log(`wrk: ${flags.connections} connections over ${bases.length} server(s), ${flags.duration} s per route…`);
  // Approvals first: one at a time (on one server), then under load; the balances storm last.
  const approvalsSingle = await wrk(approvalsUrls[0], 1);
  await reportStatus(approvalsUrls[0]);
  const approvalsLoad = await wrkAcross(approvalsUrls);
  await reportStatus(approvalsUrls[0]);
  const balances = await wrkAcross(balancesUrls);
  for (const base of bases) await reportCache(base);
  log('approvals at a new block each time (not cached)…');
  const makeBlock = blockMaker(rpcUrl, tokens);
  const approvalsUncached = await uncachedApprovals(bases[0], owner, makeBlock, false);
  log('approvals at a block in which the owner changed an allowance…');
  const approvalsChanged = await uncachedApprovals(bases[0], owner, makeBlock, true, 20);
  return { balances, approvalsLoad, approvalsSingle, approvalsUncached, approvalsChanged };
}

/**
 * tandem-indexer writing the devnet into the PostgreSQL store at `url` (it keeps following,
 * so the index stays fresh), and two tandem-server replicas serving that store.
 */
async function startReplicas(url, devnet, owner) {
  const writer = spawn(flags.indexer, [
    '--rpc-url', devnet.rpcUrl, '--store', url, '--start-block', String(devnet.manifest.startBlock),
    '--wrapped-native', devnet.manifest.contracts.WTLOS,
  ], { stdio: 'ignore' });
  const configPath = join(stateDir, 'replica.toml');
  writeFileSync(configPath, `[networks.${NETWORK}]\nprimary = "own"\n\n[networks.${NETWORK}.index]\nstore = "${url}"\nwrite = false\n`);
  const replicas = [];
  for (const name of ['replica-1', 'replica-2']) {
    replicas.push(await startServer({
      serverPath: flags.server, repoRoot, manifestPath: join(stateDir, 'devnet-manifest.json'),
      dataDir: join(stateDir, name), args: ['--config', configPath],
    }));
  }
  const bases = replicas.map((replica) => `${replica.url}/api/v1/evm/${NETWORK}`);
  for (const base of bases) await waitForApprovals(base, owner);
  log(`replicas at ${replicas.map((replica) => replica.url).join(', ')} over ${url.replace(/\/\/[^@]*@/, '//')}`);
  return { writer, replicas, bases };
}

/**
 * Logs the server's balances cache hits and misses and its source switches so far (from
 * /metrics): a tail in the latencies is either refetches or something else.
 */
async function reportCache(base) {
  const origin = new URL(base).origin;
  const text = await (await fetch(`${origin}/metrics`)).text();
  const total = (pattern) => text.split('\n').filter((line) => pattern.test(line)).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  const hits = total(/^tandem_cache_requests_total\{.*cache="balances".*result="hit"/);
  const misses = total(/^tandem_cache_requests_total\{.*cache="balances".*result="miss"/);
  const switches = total(/^tandem_source_switches_total\{/);
  log(`${origin}: balances cache ${hits} hits, ${misses} misses; source switches ${switches}`);
}

/** Logs what a route answers now, when it is not a success (to explain non-2xx counts). */
async function reportStatus(url) {
  const response = await fetch(url);
  if (response.status !== 200) log(`${url} answers ${response.status}: ${(await response.text()).slice(0, 300)}`);
  else await response.arrayBuffer();
}

/** One revoke.cash-style rebuild: logs by owner topic, latest wins, then on-chain checks. */
async function rebuildFromLogs(rpcUrl, owner) {
  const client = viem.createPublicClient({ transport: viem.http(rpcUrl, { batch: { batchSize: 2000 } }) });
  const ownerTopic = viem.pad(owner.toLowerCase());
  const [approvals, operators] = await Promise.all([
    client.request({ method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: 'latest', topics: [APPROVAL_TOPIC, ownerTopic] }] }),
    client.request({ method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: 'latest', topics: [APPROVAL_FOR_ALL_TOPIC, ownerTopic] }] }),
  ]);
  const latest = new Map();
  for (const entry of [...approvals, ...operators]) {
    // ERC-721 Approval has the token id as a 4th topic; ERC-20 carries the amount in data.
    const key = `${entry.address}-${entry.topics[0]}-${entry.topics[2]}-${entry.topics[3] ?? ''}`;
    latest.set(key, entry); // logs come in chain order: the last one wins
  }
  const checks = [...latest.values()].map((entry) => {
    const contract = entry.address;
    const other = viem.getAddress(`0x${entry.topics[2].slice(26)}`);
    if (entry.topics[0] === APPROVAL_FOR_ALL_TOPIC) {
      return client.readContract({ address: contract, abi, functionName: 'isApprovedForAll', args: [owner, other] });
    }
    if (entry.topics.length === 4) {
      return client.readContract({ address: contract, abi, functionName: 'getApproved', args: [BigInt(entry.topics[3])] }).then((a) => a === other);
    }
    return client.readContract({ address: contract, abi, functionName: 'allowance', args: [owner, other] });
  });
  const results = await Promise.all(checks);
  return results.filter((value) => value !== false && value !== 0n).length;
}

async function baseline(rpcUrl, owner) {
  const runs = Number(flags['baseline-runs']);
  const times = [];
  let live = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    live = await rebuildFromLogs(rpcUrl, owner);
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { rps: runs / seconds, p50: at(50), p99: at(99), live };
}

const cells = (r) => (r ? `${(r.rps === null ? '–' : r.rps.toFixed(1)).padStart(10)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}` : `${'–'.padStart(10)} ${'–'.padStart(8)} ${'–'.padStart(8)}`);
const row = (name, sqlite, postgres) => `${name.padEnd(32)} ${cells(sqlite)}   ${cells(postgres)}`;

const stateDir = mkdtempSync(join(tmpdir(), 'tandem-bench-'));
let devnet;
let server;
let cluster;
try {
  devnet = await startDevnet({ manifestPath: join(stateDir, 'devnet-manifest.json'), log: () => {} });
  const contracts = devnet.manifest.contracts;
  const { owner } = await seedApprovals(devnet.rpcUrl, contracts);
  server = await startServer({
    serverPath: flags.server, repoRoot, manifestPath: join(stateDir, 'devnet-manifest.json'), dataDir: join(stateDir, 'data'),
  });
  const base = `${server.url}/api/v1/evm/${NETWORK}`;
  const rows = await waitForApprovals(base, owner);
  log(`server at ${server.url} (SQLite index); approvals route lists ${rows} rows`);
  const sqlite = await measure([base], owner, devnet.rpcUrl, contracts);
  // One setup at a time on this machine: the SQLite server stops before the replicas start.
  await stopChild(server.child);
  server = undefined;

  let postgres;
  if (flags.postgres) {
    cluster = await startReplicas(flags.postgres, devnet, owner);
    postgres = await measure(cluster.bases, owner, devnet.rpcUrl, contracts);
  }
  log(`baseline: ${flags['baseline-runs']} log-scan rebuilds…`);
  const scan = await baseline(devnet.rpcUrl, owner);

  const cores = execFileSync('nproc', { encoding: 'utf8' }).trim();
  const connections = flags.connections;
  console.log(`\nTandem API benchmark — ${cores} cores, loopback, owner with ${EXPECTED} approvals (${rows} listed; log scan finds ${scan.live} live)\n`);
  console.log(`${''.padEnd(32)} ${'SQLite, one server'.padEnd(28)}   ${'PostgreSQL, two replicas'.padEnd(28)}`);
  console.log(`${'route'.padEnd(32)} ${'req/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}   ${'req/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(row(`balances (cached), c=${connections}`, sqlite.balances, postgres?.balances));
  console.log(row(`approvals, c=${connections}`, sqlite.approvalsLoad, postgres?.approvalsLoad));
  console.log(row('approvals, c=1', sqlite.approvalsSingle, postgres?.approvalsSingle));
  console.log(row('approvals, uncached, c=1', sqlite.approvalsUncached, postgres?.approvalsUncached));
  console.log(row('  … owner changed, c=1', sqlite.approvalsChanged, postgres?.approvalsChanged));
  console.log(row('log-scan baseline (sequential)', scan, undefined));
  const latencyRatio = scan.p50 / sqlite.approvalsSingle.p50;
  const throughputRatio = sqlite.approvalsLoad.rps / scan.rps;
  console.log(`\napprovals (SQLite) vs log scan: ${latencyRatio.toFixed(1)}x lower p50 latency (one at a time), ${throughputRatio.toFixed(1)}x the throughput`);
  const errors = (figures) => figures.balances.non2xx + figures.approvalsLoad.non2xx + figures.approvalsSingle.non2xx;
  const checks = [
    [`SQLite: balances >= 5000 req/s (${sqlite.balances.rps.toFixed(0)})`, sqlite.balances.rps >= 5000],
    [`SQLite: balances p99 < 20 ms (${sqlite.balances.p99.toFixed(2)})`, sqlite.balances.p99 < 20],
    [`SQLite: approvals >= 20x the baseline (latency ${latencyRatio.toFixed(1)}x)`, latencyRatio >= 20],
    [`SQLite: no non-2xx answers (${errors(sqlite)})`, errors(sqlite) === 0],
  ];
  if (postgres) {
    checks.push(
      [`PostgreSQL: balances >= 5000 req/s in total (${postgres.balances.rps.toFixed(0)})`, postgres.balances.rps >= 5000],
      [`PostgreSQL: balances p99 < 20 ms (${postgres.balances.p99.toFixed(2)})`, postgres.balances.p99 < 20],
      [`PostgreSQL: uncached approvals p50 <= 10 ms, c=1 (${postgres.approvalsUncached.p50.toFixed(2)})`, postgres.approvalsUncached.p50 <= 10],
      [`PostgreSQL: no non-2xx answers (${errors(postgres)})`, errors(postgres) === 0],
    );
  } else {
    console.log('\n(no --postgres URL: the PostgreSQL column was not measured; bench/api/run.sh starts a cluster)');
  }
  for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  if (server) await stopChild(server.child);
  for (const replica of cluster?.replicas ?? []) await stopChild(replica.child);
  if (cluster) await stopChild(cluster.writer);
  if (devnet) await devnet.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
