// Web benchmark (run by bench/web/run.sh, by hand, not in CI), against the local stack
// (scripts/lib/stack.mjs: EVM and native devnets, tandem-server serving web/dist):
//   1. the JavaScript shipped for the home route `/`: every script response of a first visit
//      (fresh browser context, no cache) until the network is idle, raw and gzip-compressed
//      (node:zlib, level 9, each body on its own, as a server would send it). Target ≤ 200 kB gzip.
//   2. the time from navigation to the first balance row on /evm/wallet for a seeded account
//      viewed read-only (the viewer session in localStorage, as View Any Account stores it):
//      a MutationObserver installed before the app runs notes performance.now() (ms since
//      navigation start) when the first row of the balances table enters the DOM. One warm-up
//      run (server caches), then N runs, each in a fresh context (cold browser cache). Target
//      ≤ 500 ms, median.
// Flags: --profile debug|release (which target/<profile>/tandem-server; run.sh picks)
//        --runs N (default 7) --account NAME (default alice)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = await import(pathToFileURL(join(repoRoot, 'web/node_modules/playwright-core/index.mjs')).href);
const { startStack } = await import(pathToFileURL(join(repoRoot, 'scripts/lib/stack.mjs')).href);

const { values: flags } = parseArgs({
  options: {
    profile: { type: 'string', default: 'debug' },
    runs: { type: 'string', default: '7' },
    account: { type: 'string', default: 'alice' },
  },
});
if (flags.profile !== 'debug' && flags.profile !== 'release') throw new Error('--profile is debug or release');
const RUNS = Number.parseInt(flags.runs, 10);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a positive integer');

const HOME_TARGET_BYTES = 200_000;
const FIRST_ROW_TARGET_MS = 500;
const FIRST_ROW_SELECTOR = '.evm-table tbody tr';
// The same Chromium and flags as the browser tests (web/e2e/browser.ts): keep them in step.
const CHROMIUM_PATH = process.env.TANDEM_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const WEB_VERSION = JSON.parse(readFileSync(join(repoRoot, 'web/package.json'), 'utf8')).version;

const log = (message) => console.error(`[bench] ${message}`);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const verdict = (ok) => (ok ? 'within target' : 'OVER TARGET');

/** Every script a first visit of `/` downloads, with raw and gzip sizes. */
async function homeJavaScript(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        pending.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
      }
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Chunks loaded beside the first screen (toasts, texts, wallet discovery) count too.
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(pending);
    const unique = [...new Map(files.map((file) => [file.url, file])).values()].sort((a, b) => b.gzip - a.gzip);
    return { files: unique, raw: unique.reduce((sum, file) => sum + file.raw, 0), gzip: unique.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    await context.close();
  }
}

/** One navigation to /evm/wallet as a viewer of `address`: ms from navigation start to the first balance row. */
async function firstBalanceRow(browser, url, network, address) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(
      ({ account, networkName, version, selector }) => {
        // The session View Any Account stores (lib/session/evmViewer.ts), for this app version.
        window.localStorage.setItem('account', account);
        window.localStorage.setItem('rawAddress', account);
        window.localStorage.setItem('network', networkName);
        window.localStorage.setItem('isNative', 'false');
        window.localStorage.setItem('autoLogin', 'justViewer');
        window.localStorage.setItem('tandem.appVersion', version);
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector) !== null) {
            window.__firstBalanceRowMs = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      { account: address, networkName: network, version: WEB_VERSION, selector: FIRST_ROW_SELECTOR },
    );
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${url}/evm/wallet?tab=balance`, { waitUntil: 'commit' });
    await page.waitForSelector(FIRST_ROW_SELECTOR, { timeout: 60_000 });
    const seenByNode = performance.now() - started;
    const { inPage, phases } = await page.evaluate(() => {
      // Where the time went: the entry script, the networks list and the balances call (ms from navigation start).
      const resources = performance.getEntriesByType('resource');
      const find = (test) => resources.find((entry) => test(new URL(entry.name).pathname));
      const entry = find((path) => /^\/assets\/index-[\w-]+\.js$/.test(path));
      const networks = find((path) => path === '/api/v1/networks');
      const walletChunk = find((path) => /^\/assets\/WalletPage-[\w-]+\.js$/.test(path));
      const balances = find((path) => path.endsWith('/balances'));
      const [navigation] = performance.getEntriesByType('navigation');
      return {
        inPage: window.__firstBalanceRowMs,
        phases: {
          html: navigation?.responseEnd,
          entryJs: entry?.responseEnd,
          walletJs: walletChunk?.responseEnd,
          networksStart: networks?.startTime,
          networks: networks?.responseEnd,
          balancesStart: balances?.startTime,
          balancesEnd: balances?.responseEnd,
        },
      };
    });
    if (typeof inPage !== 'number') throw new Error('the first balance row was not observed');
    return { inPage, seenByNode, phases };
  } finally {
    await context.close();
  }
}

const stack = await startStack({ profile: flags.profile, log });
let browser;
let exitCode = 0;
try {
  const account = stack.manifest.accounts.find((entry) => entry.name === flags.account);
  if (!account) throw new Error(`the devnet manifest has no account ${flags.account}`);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });

  log(`measuring the home route's JavaScript on ${stack.url}`);
  const home = await homeJavaScript(browser, stack.url);

  log(`measuring the first balance row of ${flags.account} (${account.address}): 1 warm-up + ${RUNS} runs`);
  await firstBalanceRow(browser, stack.url, stack.manifest.network, account.address);
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) runs.push(await firstBalanceRow(browser, stack.url, stack.manifest.network, account.address));

  const rowMedian = median(runs.map((run) => run.inPage));
  console.log(`Tandem web benchmark — tandem-server ${flags.profile} build, devnet stack, headless Chromium`);
  console.log('');
  console.log(`Home route (/) JavaScript, first visit: ${home.files.length} files`);
  for (const file of home.files) console.log(`  ${file.url.padEnd(56)} ${kB(file.raw).padStart(10)} raw ${kB(file.gzip).padStart(10)} gzip`);
  console.log(`  total: ${kB(home.raw)} raw, ${kB(home.gzip)} gzip (target ≤ ${kB(HOME_TARGET_BYTES)} gzip: ${verdict(home.gzip <= HOME_TARGET_BYTES)})`);
  console.log('');
  console.log(`First balance row on /evm/wallet (${flags.account}, viewer), ms from navigation start:`);
  runs.forEach((run, index) => {
    const at = (value) => (typeof value === 'number' ? value.toFixed(0) : '?');
    const { html, entryJs, walletJs, networksStart, networks, balancesStart, balancesEnd } = run.phases;
    console.log(
      `  run ${String(index + 1).padStart(2)}: ${run.inPage.toFixed(0).padStart(5)} ms in page (${run.seenByNode.toFixed(0)} ms seen by the driver;` +
        ` html ${at(html)}, entry js ${at(entryJs)}, wallet js ${at(walletJs)}, networks ${at(networksStart)}→${at(networks)},` +
        ` balances ${at(balancesStart)}→${at(balancesEnd)})`,
    );
  });
  console.log(`  median: ${rowMedian.toFixed(0)} ms (target ≤ ${FIRST_ROW_TARGET_MS} ms: ${verdict(rowMedian <= FIRST_ROW_TARGET_MS)})`);
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await browser?.close();
  await stack.stop();
}
process.exit(exitCode);
