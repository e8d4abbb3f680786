// Compares web builds on the wallet's first balance row (by hand, not in CI): builds made
// beforehand (`npm run build` in web/, then copy web/dist elsewhere, once per variant), each
// served in turn by its own stack, in rounds that alternate between them, so a machine that
// grows busier or quieter during the comparison weighs on every build alike. Per round and
// build: one warm-up visit, then N cold visits at 1280×800 and N at 390×844 (a phone), as
// bench.mjs visits the wallet. Prints each round's figures and the medians over all rounds.
//
//   node bench/web/compare.mjs --build before=/tmp/dist-before --build after=web/dist [--rounds 3] [--runs 7] [--profile release]
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium, measurePaint, median, PHONE, viewerVisit, WALLET_PATH, webVersion } from './paint.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = await import(pathToFileURL(join(repoRoot, 'web/node_modules/playwright-core/index.mjs')).href);
const { startStack } = await import(pathToFileURL(join(repoRoot, 'scripts/lib/stack.mjs')).href);

const { values: flags } = parseArgs({
  options: {
    build: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '7' },
    profile: { type: 'string', default: 'release' },
    account: { type: 'string', default: 'alice' },
  },
});
const builds = flags.build.map((entry) => {
  const [name, dir] = entry.split('=');
  if (!name || !dir) throw new Error(`--build takes NAME=DIRECTORY, not ${entry}`);
  const path = resolve(dir);
  if (!existsSync(join(path, 'evm', 'wallet.html'))) throw new Error(`${path} is not a web build (no evm/wallet.html)`);
  return { name, path };
});
if (builds.length < 2) throw new Error('give at least two --build NAME=DIRECTORY');
const ROUNDS = Number.parseInt(flags.rounds, 10);
const RUNS = Number.parseInt(flags.runs, 10);
if (!(ROUNDS >= 1 && RUNS >= 1)) throw new Error('--rounds and --runs take positive integers');

const log = (message) => console.error(`[compare] ${message}`);
const version = webVersion();
const results = new Map(builds.map(({ name }) => [name, { desktop: [], phone: [], shift: 0 }]));

const browser = await launchChromium(chromium);
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const build of builds) {
      log(`round ${round}/${ROUNDS}: ${build.name} (${build.path})`);
      const stack = await startStack({ profile: flags.profile, webDist: build.path, log: () => undefined });
      try {
        const account = stack.manifest.accounts.find((entry) => entry.name === flags.account);
        if (!account) throw new Error(`the devnet manifest has no account ${flags.account}`);
        const visit = viewerVisit(stack, account, version);
        await measurePaint(browser, stack.url, WALLET_PATH, visit);
        const result = results.get(build.name);
        const desktop = [];
        const phone = [];
        for (let run = 0; run < RUNS; run += 1) {
          const wide = await measurePaint(browser, stack.url, WALLET_PATH, visit);
          const narrow = await measurePaint(browser, stack.url, WALLET_PATH, { ...visit, viewport: PHONE });
          desktop.push(wide.readyAt);
          phone.push(narrow.readyAt);
          result.shift = Math.max(result.shift, wide.layoutShift, narrow.layoutShift);
        }
        result.desktop.push(...desktop);
        result.phone.push(...phone);
        const at = (values) => values.map((value) => value.toFixed(0)).join(' ');
        console.log(`round ${round} ${build.name.padEnd(12)} first row ${at(desktop)} (median ${median(desktop).toFixed(0)}); phone ${at(phone)} (median ${median(phone).toFixed(0)})`);
      } finally {
        await stack.stop();
      }
    }
  }
} finally {
  await browser.close();
}
console.log('');
console.log(`First balance row of ${WALLET_PATH}, ${ROUNDS} rounds × ${RUNS} cold visits, medians:`);
for (const [name, result] of results) {
  console.log(`  ${name.padEnd(12)} 1280×800 ${median(result.desktop).toFixed(0)} ms, ${PHONE.width}×${PHONE.height} ${median(result.phone).toFixed(0)} ms, largest layout shift ${result.shift.toFixed(4)}`);
}
