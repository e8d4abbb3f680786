// First-paint measurement for bench/web/bench.mjs: one cold visit (fresh browser context, empty
// cache) of a route, reporting when the first contentful paint came, what the browser fetched
// before it, and whether anything moved afterwards (layout shift). Also notes where the time went
// (the document, the last script, the fonts, the app's first render) so a slow paint can be placed.
import { readFileSync } from 'node:fs';

/** Installed before any page script: collects layout shifts and when the app first rendered into #root. */
function installPaintProbe({ readySelector, readyMessage }) {
  const probe = { layoutShift: 0, shifts: 0, moved: [], rootRenderedAt: null, readyAt: null };
  window.__paintProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Shifts right after a user's input are expected ones and not counted (as in CLS).
      if (entry.hadRecentInput) continue;
      probe.layoutShift += entry.value;
      probe.shifts += 1;
      // What moved, to find the cause of a shift: element, when, and how far down and wide.
      for (const source of entry.sources ?? []) {
        const node = source.node;
        const name = node instanceof Element ? `${node.nodeName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName);
        const [from, to] = [source.previousRect, source.currentRect];
        probe.moved.push(`${name} at ${Math.round(entry.startTime)} ms: y ${Math.round(from.y)} → ${Math.round(to.y)}, height ${Math.round(from.height)} → ${Math.round(to.height)}`);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const observer = new MutationObserver(() => {
    const root = document.getElementById('root');
    // A pre-rendered page has its shell in #root from the start: the app's render is its hydration.
    const rendered = root !== null && ('prerendered' in root.dataset ? root.dataset.hydrated === 'true' : root.childElementCount > 0);
    if (probe.rootRenderedAt === null && rendered) probe.rootRenderedAt = performance.now();
    if (probe.readyAt === null && document.querySelector(readySelector) !== null) {
      probe.readyAt = performance.now();
      // Tells the bench the route is ready without it asking the page (see measurePaint).
      console.debug(readyMessage);
    }
    if (probe.rootRenderedAt !== null && probe.readyAt !== null) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

/** Read in the page once it settled: the paint, the requests before it and the phases. */
function readPaint() {
  const [paint] = performance.getEntriesByName('first-contentful-paint');
  const [navigation] = performance.getEntriesByType('navigation');
  const fcp = paint?.startTime ?? null;
  const resources = performance.getEntriesByType('resource').map((entry) => ({
    path: new URL(entry.name).pathname,
    type: entry.initiatorType,
    start: entry.startTime,
    end: entry.responseEnd,
    transfer: entry.transferSize,
    encoded: entry.encodedBodySize,
  }));
  const before = fcp === null ? [] : resources.filter((entry) => entry.start < fcp);
  const isScript = (entry) => entry.path.endsWith('.js');
  const latest = (entries) => (entries.length === 0 ? null : Math.max(...entries.map((entry) => entry.end)));
  const probe = window.__paintProbe;
  const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
  return {
    fcp,
    // The document counts as a request too.
    requestsBefore: before.length + 1,
    scriptBytesBefore: before.filter(isScript).reduce((sum, entry) => sum + entry.encoded, 0),
    scriptsBefore: before.filter(isScript).length,
    layoutShift: probe.layoutShift,
    moved: probe.moved,
    readyAt: probe.readyAt,
    phases: {
      html: navigation?.responseEnd ?? null,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? null,
      lastScript: latest(before.filter(isScript)),
      fonts: latest(resources.filter((entry) => entry.path.endsWith('.woff2'))),
      api: latest(before.filter((entry) => entry.path.startsWith('/api/'))),
      // The last API answer the route had before it showed what it waits for (the wallet's balances).
      apiBeforeReady: latest(resources.filter((entry) => entry.path.startsWith('/api/') && probe.readyAt !== null && entry.end <= probe.readyAt)),
      appRendered: probe.rootRenderedAt,
      // The app's own marks (web/src/main.tsx): its code evaluated, the first screen's code and loaders done, hydrated.
      appStart: mark('tandem:start'),
      routerReady: mark('tandem:router-ready'),
    },
    beforePaint: before.map((entry) => entry.path),
  };
}

const READY_MESSAGE = 'tandem-bench:ready';
const READY_TIMEOUT_MS = 60_000;

/** `promise`, or an error saying `failure` when it has not settled within `ms`. */
async function timeLimit(promise, ms, failure) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(failure)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One cold visit of `path`: `setup` (optional) runs as an init script before the page's own
 * (the viewer session for /evm/wallet); `readySelector` is what the route shows once usable.
 */
export async function measurePaint(browser, url, path, { readySelector, setup, setupArgs, viewport }) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 } });
  try {
    if (setup !== undefined) await context.addInitScript(setup, setupArgs);
    await context.addInitScript(installPaintProbe, { readySelector, readyMessage: READY_MESSAGE });
    const page = await context.newPage();
    // The probe says when the route is ready on the console. Playwright's own selector waits
    // would inject its selector engine into the page (a script of ~30 ms on this machine's
    // main thread) while the app is starting, which no visitor's browser does.
    const ready = new Promise((resolve) => {
      page.on('console', (message) => {
        if (message.text() === READY_MESSAGE) resolve(undefined);
      });
    });
    await page.goto(`${url}${path}`, { waitUntil: 'load' });
    await timeLimit(ready, READY_TIMEOUT_MS, `${path} showed no ${readySelector} within ${READY_TIMEOUT_MS / 1000} s`);
    await page.waitForLoadState('networkidle');
    // Late shifts (a font swap, an image without a size) land within a few frames of idle.
    await page.waitForTimeout(300);
    return await page.evaluate(readPaint);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** "median (min–max)" of `values` formatted by `format`. */
export function spread(values, format) {
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

export { median };

// The same Chromium and switches as the browser tests (web/e2e/browser.ts).
const CHROMIUM_PATH = process.env.TANDEM_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = JSON.parse(readFileSync(new URL('../../web/e2e/chromium-args.json', import.meta.url), 'utf8'));

/** Headless Chromium as the browser tests launch it; `chromium` is playwright-core's. */
export function launchChromium(chromium) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** The wallet's balance tab, and what shows it is usable: its first balance row. */
export const WALLET_PATH = '/evm/wallet?tab=balance';
const FIRST_ROW_SELECTOR = '.evm-table tbody tr';
/** The wallet is also visited on a phone's screen, where the page is one column: its layout shift too must be 0. */
export const PHONE = { width: 390, height: 844 };

/** The web app's version (web/package.json), which a stored session must carry not to be cleared on start. */
export function webVersion() {
  return JSON.parse(readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8')).version;
}

/** The session View Any Account stores (lib/session/evmViewer.ts), for this app version: runs before the app. */
function storeViewerSession({ account, networkName, version }) {
  window.localStorage.setItem('account', account);
  window.localStorage.setItem('rawAddress', account);
  window.localStorage.setItem('network', networkName);
  window.localStorage.setItem('isNative', 'false');
  window.localStorage.setItem('autoLogin', 'justViewer');
  window.localStorage.setItem('tandem.appVersion', version);
}

/** measurePaint's options for a visit of the wallet by `account` (a devnet manifest entry) viewed read-only. */
export function viewerVisit(stack, account, version) {
  return {
    readySelector: FIRST_ROW_SELECTOR,
    setup: storeViewerSession,
    setupArgs: { account: account.address, networkName: stack.manifest.network, version },
  };
}
