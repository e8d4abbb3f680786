/**
 * Pre-rendered pages (web/scripts/prerender.mjs): each route's HTML carries its shell before
 * any script runs, with the right theme, and the app takes it over without losing what a user
 * typed or sent meanwhile.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { baseUrl, launchBrowser, SAMPLE_EVM_ADDRESS, waitForApp, WEB_VERSION } from './browser';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

async function inContext(
  options: Parameters<Browser['newContext']>[0],
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, ...options });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/**
 * Holds back the app's scripts until `release` is called: the page stays as the server sent
 * it. Module scripts hold `DOMContentLoaded` back too, so navigations wait only for the
 * response and then for the pre-rendered heading.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('pre-rendered pages', () => {
  it('show the page title and the navigation with scripts off, a transaction\'s page included', () =>
    inContext({ javaScriptEnabled: false }, async (page) => {
      await page.goto('/');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'One wallet for Telos and Telos EVM');
      await page.getByRole('banner').getByRole('link', { name: 'Tandem home' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Connect Wallet' }).waitFor();
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
      await page.getByText(/turn it on for this site/).waitFor();

      await page.goto('/evm/wallet');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'EVM wallet');
      const evmNav = page.getByRole('navigation', { name: 'Main' });
      assert.deepEqual(await evmNav.getByRole('link').allTextContents(), ['Wallet', 'Staking', 'Wrap TLOS', 'Digital Collectibles', 'Approvals']);
      assert.equal(await evmNav.getByRole('link', { name: 'Wallet' }).getAttribute('aria-current'), 'page');

      // A route with a parameter gets the page standing for any value of it, not the not-found page.
      await page.goto('/evm/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Transaction');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).waitFor();

      await page.goto('/zero/balance');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Balance');
      assert.deepEqual(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(), ['Wallet', 'Telos EVM']);
      await page.getByRole('banner').getByRole('link', { name: 'Tandem home' }).waitFor();
    }));

  it('paint the stored theme and the session’s header before the app starts', () =>
    inContext({ colorScheme: 'light' }, async (page, context) => {
      await context.addInitScript(
        ({ value, version }) => {
          window.localStorage.setItem('account', value);
          window.localStorage.setItem('tandem.appVersion', version);
          window.localStorage.setItem('tandem.theme', 'dark');
        },
        { value: SAMPLE_EVM_ADDRESS, version: WEB_VERSION },
      );
      const release = await holdScripts(page);
      await page.goto('/evm/wallet', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
      // The app's code has not run: this is the page as the server sent it.
      assert.equal(await page.locator('#root').getAttribute('data-hydrated'), null);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        'rgb(11, 12, 19)',
        'the dark background from the first paint',
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staking' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Connect Wallet' }).isVisible(), false, 'a signed-in visitor is not asked to connect');
      const label = await page.locator('.account-menu--stored-evm .account-menu__label--stored').evaluate((element) => getComputedStyle(element, '::before').content);
      assert.equal(label, '"0x7099…79C8"');
      assert.equal(await page.locator('.account-menu--stored-native').isVisible(), false, 'no native session, no native account button');
      release();
      await waitForApp(page);
      await page.getByRole('button', { name: `Account menu for ${SAMPLE_EVM_ADDRESS}` }).waitFor();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    }));

  it('keep what a user typed and sent before the app started', () =>
    inContext({}, async (page, context) => {
      await context.addInitScript(({ version }) => {
        window.localStorage.setItem('tandem.appVersion', version);
      }, { version: WEB_VERSION });
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.locator('#root').getAttribute('data-hydrated'), null);
      // Typed and sent while the page is still the server's: the form is held, not sent natively.
      await page.getByRole('textbox', { name: /^EVM address/ }).fill(SAMPLE_EVM_ADDRESS);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      assert.equal(new URL(page.url()).pathname, '/');
      release();
      // The app takes the typed address and the press over: the wallet opens read-only for it.
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.getByRole('main').getByText(SAMPLE_EVM_ADDRESS, { exact: true }).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('account')), SAMPLE_EVM_ADDRESS);
    }));

  it('keep typed text through the app’s first renders when nothing was sent', () =>
    inContext({}, async (page) => {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const field = page.getByRole('textbox', { name: /^EVM address/ });
      await field.fill('0x1234');
      release();
      await waitForApp(page);
      // Discovery and the server's settings answer and re-render home: the text stays, and is the form's.
      await page.getByText(/No browser wallet found/).waitFor();
      assert.equal(await field.inputValue(), '0x1234');
      await field.press('End');
      await field.pressSequentially('5');
      assert.equal(await field.inputValue(), '0x12345');
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: /address/i }).waitFor();
      assert.equal(await field.inputValue(), '0x12345');
    }));
});
