// Web benchmark (run by bench/web/run.sh, by hand, not in CI), against the local stack
// (scripts/lib/stack.mjs: EVM and native devnets, tandem-server serving web/dist):
//   1. the JavaScript shipped for the home route `/`: every script response of a first visit
//      (fresh browser context, no cache) until the network is idle, raw and gzip-compressed
//      (node:zlib, level 9, each body on its own, as a server would send it). Target ≤ 200 kB gzip.
//   2. the first paint of `/` and of /evm/wallet (a seeded account viewed read-only, the viewer
//      session in localStorage as View Any Account stores it), each over N cold visits (fresh
//      browser context, empty cache) after one warm-up visit (server caches): first contentful
//      paint, the requests started before it (the document included) and the JavaScript bytes
//      among them (as sent, compressed), layout shift until the page settles, when the route
//      became usable (home's heading; the wallet's first balance row), and per run where the time
//      went (document, last script before the paint, fonts, API answers, the app's first render or
//      hydration). See paint.mjs. Targets: `/` paints within 250 ms with at most 10 requests
//      before it, the first balance row within 300 ms (medians), layout shift 0 on both.
// Flags: --profile debug|release (which target/<profile>/tandem-server; run.sh picks)
//        --runs N (default 7) --account NAME (default alice)
// The wallet is measured a second time at 390×844 (a phone), for its layout shift.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium, measurePaint, median, PHONE, spread, viewerVisit, WALLET_PATH, webVersion } from './paint.mjs';

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
const FIRST_ROW_TARGET_MS = 300;
const FCP_TARGET_MS = 250;
const REQUESTS_TARGET = 10;
const WEB_VERSION = webVersion();

const log = (message) => console.error(`[bench] ${message}`);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
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

/** One warm-up visit (server caches), then RUNS cold ones. */
async function paintRuns(browser, url, path, options) {
  await measurePaint(browser, url, path, options);
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) runs.push(await measurePaint(browser, url, path, options));
  return runs;
}

const ms = (value) => (typeof value === 'number' ? `${value.toFixed(0)} ms` : '?');
const at = (value) => (typeof value === 'number' ? value.toFixed(0) : '?');

function printPaint(label, runs, { readyLabel, readyTarget }) {
  console.log(`${label}, ${runs.length} cold visits, median (min–max):`);
  runs.forEach((run, index) => {
    const { html, domContentLoaded, lastScript, fonts, api, apiBeforeReady, appStart, routerReady, appRendered } = run.phases;
    console.log(
      `  run ${String(index + 1).padStart(2)}: fcp ${at(run.fcp).padStart(5)} ms, ${run.requestsBefore} requests / ${kB(run.scriptBytesBefore)} js before it;` +
        ` ${readyLabel} ${at(run.readyAt)}; html ${at(html)}, dcl ${at(domContentLoaded)}, last js ${at(lastScript)}, fonts ${at(fonts)},` +
        ` api ${at(api)} (before ready ${at(apiBeforeReady)}), app start ${at(appStart)}, routes ready ${at(routerReady)}, app rendered ${at(appRendered)}, shift ${run.layoutShift.toFixed(4)}`,
    );
    for (const moved of run.moved ?? []) console.log(`          moved: ${moved}`);
  });
  const fcpMedian = median(runs.map((run) => run.fcp));
  const requestsMedian = median(runs.map((run) => run.requestsBefore));
  const shiftMax = Math.max(...runs.map((run) => run.layoutShift));
  const readyMedian = median(runs.map((run) => run.readyAt));
  console.log(`  first contentful paint: ${spread(runs.map((run) => run.fcp), ms)}` + (label.includes('(/)') ? ` (target ≤ ${FCP_TARGET_MS} ms: ${verdict(fcpMedian <= FCP_TARGET_MS)})` : ''));
  console.log(`  requests before it:     ${spread(runs.map((run) => run.requestsBefore), String)}` + (label.includes('(/)') ? ` (target ≤ ${REQUESTS_TARGET}: ${verdict(requestsMedian <= REQUESTS_TARGET)})` : ''));
  console.log(`  JavaScript before it:   ${spread(runs.map((run) => run.scriptBytesBefore), kB)} (as sent), ${spread(runs.map((run) => run.scriptsBefore), String)} files`);
  console.log(`  layout shift:           ${spread(runs.map((run) => run.layoutShift), (value) => value.toFixed(4))} (target 0: ${verdict(shiftMax === 0)})`);
  console.log(`  ${(readyLabel + ':').padEnd(23)} ${spread(runs.map((run) => run.readyAt), ms)}` + (readyTarget === undefined ? '' : ` (target ≤ ${readyTarget} ms: ${verdict(readyMedian <= readyTarget)})`));
  console.log(`  fetched before the paint (run 1): ${runs[0].beforePaint.join(' ')}`);
}

const stack = await startStack({ profile: flags.profile, log });
let browser;
let exitCode = 0;
try {
  const account = stack.manifest.accounts.find((entry) => entry.name === flags.account);
  if (!account) throw new Error(`the devnet manifest has no account ${flags.account}`);
  browser = await launchChromium(chromium);

  log(`measuring the home route's JavaScript on ${stack.url}`);
  const home = await homeJavaScript(browser, stack.url);

  log(`measuring the first paint of /: 1 warm-up + ${RUNS} cold visits`);
  const homeRuns = await paintRuns(browser, stack.url, '/', { readySelector: 'h1' });

  log(`measuring /evm/wallet for ${flags.account} (${account.address}), viewer: 1 warm-up + ${RUNS} cold visits`);
  const walletVisit = viewerVisit(stack, account, WEB_VERSION);
  const walletRuns = await paintRuns(browser, stack.url, WALLET_PATH, walletVisit);

  log(`measuring /evm/wallet for ${flags.account} on a phone's screen (${PHONE.width}×${PHONE.height}): 1 warm-up + ${RUNS} cold visits`);
  const phoneRuns = await paintRuns(browser, stack.url, WALLET_PATH, { ...walletVisit, viewport: PHONE });

  console.log(`Tandem web benchmark — tandem-server ${flags.profile} build, devnet stack, headless Chromium, loopback`);
  console.log('');
  console.log(`Home route (/) JavaScript, first visit until the network is idle: ${home.files.length} files`);
  for (const file of home.files) console.log(`  ${file.url.padEnd(56)} ${kB(file.raw).padStart(10)} raw ${kB(file.gzip).padStart(10)} gzip`);
  console.log(`  total: ${kB(home.raw)} raw, ${kB(home.gzip)} gzip (target ≤ ${kB(HOME_TARGET_BYTES)} gzip: ${verdict(home.gzip <= HOME_TARGET_BYTES)})`);
  console.log('');
  printPaint('Home (/)', homeRuns, { readyLabel: 'heading shown' });
  console.log('');
  printPaint(`EVM wallet (/evm/wallet, ${flags.account} as viewer)`, walletRuns, { readyLabel: 'first balance row', readyTarget: FIRST_ROW_TARGET_MS });
  console.log('');
  printPaint(`EVM wallet on a phone (${PHONE.width}×${PHONE.height}, /evm/wallet, ${flags.account} as viewer)`, phoneRuns, { readyLabel: 'first balance row' });
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await browser?.close();
  await stack.stop();
}
process.exit(exitCode);
