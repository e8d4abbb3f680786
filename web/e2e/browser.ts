/**
 * Shared browser setup for the e2e specs: Debian's Chromium, headless, driven by
 * playwright-core (no downloaded browsers). `chromium.launch` runs Chromium on a
 * fresh temporary profile that it deletes on close; each test gets its own
 * context, so no storage leaks from one test into the next.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.TANDEM_CHROMIUM ?? '/usr/bin/chromium';

// Headless Chromium's switches, shared with bench/web (one list, so the benchmarks measure the browser the tests drive).
const CHROMIUM_ARGS = JSON.parse(readFileSync(new URL('./chromium-args.json', import.meta.url), 'utf8')) as string[];

/** The app under test; the suite refuses to guess it. */
export function baseUrl(): string {
  const url = process.env.TANDEM_URL;
  if (url === undefined || url.trim() === '') {
    throw new Error('TANDEM_URL is not set: point it at a running Tandem (e.g. http://127.0.0.1:8080)');
  }
  return url.replace(/\/+$/, '');
}

/** Chromium for the specs; `extraArgs` add switches (a fake camera for the scanner spec). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  baseUrl(); // fail before starting Chromium when the suite has nothing to test
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Stored under localStorage `account` before the app starts, as a login would. */
  account?: string;
}

/** The web app's version (what the served build saves as `tandem.appVersion`). */
export const WEB_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** A page in a fresh context; closing the returned context discards its storage. */
export async function openPage(
  browser: Browser,
  { width = 1280, height = 800, colorScheme = 'light', account }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, colorScheme });
  if (account !== undefined) {
    // A returning user of this version: with another (or no) version stored, the
    // app-version check would clear the account and reload (spec §4).
    await context.addInitScript(
      ({ value, version }) => {
        window.localStorage.setItem('account', value);
        window.localStorage.setItem('tandem.appVersion', version);
      },
      { value: account, version: WEB_VERSION },
    );
  }
  const page = await context.newPage();
  waitForAppOnNavigation(page);
  return { context, page };
}

/**
 * Resolves once the app on `page` answers input. Every page is pre-rendered (it paints
 * before any script runs) and the app then hydrates it, marking `#root` with
 * `data-hydrated`; a page without the app's root (a server error page) has nothing to wait for.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root === null || root.dataset.hydrated === 'true';
  });
}

/**
 * The specs act as soon as a page is loaded; a user who types or clicks before the app has
 * hydrated loses nothing either (prerender.test.ts checks that), but a spec reading the page
 * right away would read the pre-rendered stand-in. So `goto` and `reload` here return once the
 * app has started.
 */
function waitForAppOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForApp(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page);
    return response;
  };
}

/** Runs `run` on a page of a fresh context, and closes the context whatever happens. */
export async function inPage(
  browser: Browser,
  run: (page: Page, context: BrowserContext) => Promise<void>,
  options?: PageOptions,
): Promise<void> {
  const { context, page } = await openPage(browser, options);
  // Console errors per page, for every page the test opens (a second tab included).
  const consoleErrors = new Map<Page, string[]>();
  const listen = (opened: Page) => {
    const errors: string[] = [];
    consoleErrors.set(opened, errors);
    opened.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    opened.on('pageerror', (error) => errors.push(error.message));
  };
  listen(page);
  context.on('page', listen);
  try {
    await run(page, context);
  } catch (error) {
    // A timeout alone says what was awaited, not what the pages showed: add that, so a
    // failure seen once in CI can be understood without a rerun.
    if (error instanceof Error) {
      for (const [opened, errors] of consoleErrors) error.message += await describePage(opened, errors);
    }
    throw error;
  } finally {
    await context.close();
  }
}

async function describePage(page: Page, consoleErrors: readonly string[]): Promise<string> {
  if (page.isClosed()) return `\n  a page closed before the failure (last at ${page.url()})`;
  const text = await page
    .evaluate(() => document.body.innerText)
    .catch((reason: unknown) => `(page text unavailable: ${String(reason)})`);
  const errors = consoleErrors.length === 0 ? '' : `\n  console errors:\n    ${consoleErrors.slice(-10).join('\n    ')}`;
  return `\n  page at failure: ${page.url()}\n  page text: ${text.replace(/\s+/g, ' ').slice(0, 1500)}${errors}`;
}

/** A well-known public dev address (anvil's second account); no funds or secrets involved. */
export const SAMPLE_EVM_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/**
 * One Chromium for the spec that calls this (launched before its tests, closed after);
 * `withPage` runs a test on a page of a fresh context.
 */
export function browserForSpec(): { withPage: (run: (page: Page, context: BrowserContext) => Promise<void>, options?: PageOptions) => Promise<void> } {
  let browser: Browser | null = null;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    withPage: (run, options) => {
      if (browser === null) throw new Error('the browser is not running: call browserForSpec at the top of a spec');
      return inPage(browser, run, options);
    },
  };
}

/** Saves the window as `<name>.png` in TANDEM_SCREENSHOT_DIR when it is set (to be opened and looked at). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const shots = process.env.TANDEM_SCREENSHOT_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}
