import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './browser';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

async function withPage(run: (page: Page) => Promise<void>, options?: Parameters<typeof openPage>[1]) {
  const { context, page } = await openPage(browser, options);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

describe('home', () => {
  it('shows the brand, the connect offers and when each arrives', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'One wallet for Telos and Telos EVM' }).waitFor();
      await page.getByRole('link', { name: 'Tandem home' }).waitFor();
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
      await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
      const create = page.getByRole('button', { name: 'Create a New Account' });
      await create.waitFor();
      assert.equal(await create.getAttribute('aria-disabled'), 'true', 'Create a New Account must not pretend to work');
      // Viewing a native account works: it leads to the read-only /zero sign-in.
      const view = page.getByRole('link', { name: /View Any Account/ });
      assert.equal(await view.getAttribute('href'), '/zero/balance?signin=viewer');
      // Offers that are not built yet (the connection protocol, account creation) name their release.
      const notes = page.getByText(/^Coming in release \d+\.\d+$/);
      assert.ok((await notes.count()) >= 2, 'every planned offer names its release');
      // Chromium here has no wallet extension: home says so instead of offering a dead button.
      await page.getByText(/No browser wallet found/).waitFor();
    }));

  it('is usable at 360 px wide without horizontal scrolling', () =>
    withPage(
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
      },
      { width: 360, height: 740 },
    ));

  it('offers the keyboard a skip link first', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      assert.equal(focused, 'Skip to content');
    }));
});

describe('not-found page', () => {
  it('shows the spec texts and its button goes home', () =>
    withPage(async (page) => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Oops. Nothing here...' }).waitFor();
      await page.getByText("Sorry, the page you're looking for can't be found").waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { level: 1, name: 'One wallet for Telos and Telos EVM' }).waitFor();
    }));
});

describe('code splitting', () => {
  it('loads a screen’s code only when it is visited', () =>
    withPage(async (page) => {
      const scripts: { url: string; status: number; type: string }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push({ url: response.url(), status: response.status(), type: response.headers()['content-type'] ?? '' });
        }
      });
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Oops. Nothing here...' }).waitFor();
      const loadedBefore = new Set(scripts.map((script) => script.url));
      assert.ok(loadedBefore.size >= 2, 'the entry and the not-found screen come as separate files');

      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
      await page.getByRole('heading', { level: 1, name: 'One wallet for Telos and Telos EVM' }).waitFor();
      const loadedLater = scripts.filter((script) => !loadedBefore.has(script.url));
      assert.ok(loadedLater.length >= 1, 'the home screen is fetched when first visited');
      for (const script of scripts) {
        assert.equal(script.status, 200, script.url);
        assert.match(script.type, /javascript/, script.url);
      }
    }));
});

describe('footer', () => {
  it('shows the version the server reports', () =>
    withPage(async (page) => {
      const response = await page.request.get('/api/v1/health');
      assert.equal(response.status(), 200, 'the app must be served by tandem-server');
      const { version } = (await response.json()) as { version: string };
      await page.goto('/');
      await page.getByRole('contentinfo').getByText(`Server ${version}`).waitFor();
    }));
});
