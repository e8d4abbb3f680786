import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, inPage, openPage } from './browser';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, options?: Parameters<typeof openPage>[1]) {
  return inPage(browser, run, options);
}

describe('home', () => {
  it('shows the brand and the connect offers, and offers nothing that is not built', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'One wallet for Telos and Telos EVM' }).waitFor();
      await page.getByRole('link', { name: 'Tandem home' }).waitFor();
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
      await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
      // Viewing a native account works: it leads to the read-only /zero sign-in.
      const view = page.getByRole('link', { name: /View Any Account/ });
      assert.equal(await view.getAttribute('href'), '/zero/balance?signin=viewer');
      // Nothing on offer that does not work: no disabled placeholder, no "coming in release".
      assert.equal(await page.getByText(/coming in release|coming soon/i).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Create a New Account' }).count(), 0);
      // Chromium here has no wallet extension: home says so instead of offering a dead button.
      await page.getByText(/No browser wallet found/).waitFor();
    }));

  it('in Brave with its built-in wallet switched off, says where to switch it on (spec §8)', () =>
    inPage(browser, async (page, context) => {
      // Brave adds navigator.brave; with its wallet off it injects no provider and announces none.
      await context.addInitScript({ content: 'Object.defineProperty(navigator, "brave", { value: { isBrave: () => Promise.resolve(true) } });' });
      await page.goto('/');
      await page.getByText(/Brave’s built-in wallet must be enabled: in Brave’s settings, under Web3/).waitFor();
      assert.equal(await page.getByText(/No browser wallet found/).count(), 0);
    }));

  it('keeps the connection-protocol wallets visible but off, saying why, when the server has no project id', () =>
    withPage(async (page) => {
      // The browser-test stack configures no wallet_connect_project_id.
      await page.goto('/');
      const option = page.getByRole('button', { name: /Mobile and connection-protocol wallets/ });
      await option.waitFor();
      // What the user can do instead; the operator's side (wallet_connect_project_id) is in docs/operate.md.
      const reason = 'This server does not offer them. Use a browser wallet, or open this page in your wallet app’s built-in browser.';
      await page.getByText(reason).waitFor();
      assert.equal(await option.getAttribute('aria-disabled'), 'true');
      assert.ok(await option.isDisabled(), 'the option must not look usable');
      // The reason is the button's description, so a screen reader says it with the button.
      const describedBy = await option.getAttribute('aria-describedby');
      assert.ok(describedBy !== null);
      assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), reason);
      // Clicking it opens nothing and goes nowhere.
      await option.click({ force: true });
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.equal(new URL(page.url()).pathname, '/');
      assert.equal(await page.getByText(/Coming in release/).filter({ hasText: /connection/i }).count(), 0);
    }));

  it('tells a phone without a wallet to open the page in the wallet app’s browser', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByText(/On a phone, open this page in the built-in browser of your wallet app/).waitFor();
      assert.equal(await page.getByText(/Install a wallet extension/).count(), 0);
    } finally {
      await context.close();
    }
  });

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

  it('answers a path below /evm that names no screen, signed out, instead of asking to sign in', () =>
    withPage(async (page) => {
      await page.goto('/evm/no-such-screen');
      await page.getByRole('heading', { name: 'Oops. Nothing here...' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/evm/no-such-screen');
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

describe('a screen whose code cannot be loaded', () => {
  it('explains it and loads the screen when the user tries again', () =>
    withPage(async (page) => {
      // The not-found screen's chunk fails to download once, as on a dropped connection.
      let failures = 0;
      await page.route(/\/assets\/NotFoundPage-[\w-]+\.js$/, async (route) => {
        failures += 1;
        await route.abort('connectionreset');
      });
      await page.goto('/no/such/page');
      await page.getByRole('heading', { level: 1, name: 'This screen could not be loaded' }).waitFor();
      await page.getByText(/connection dropped, or Tandem was updated/).waitFor();
      // The pre-rendered page preloads the chunk and the router imports it: both downloads failed.
      assert.ok(failures >= 1, 'the chunk was requested and failed');
      await page.unroute(/\/assets\/NotFoundPage-[\w-]+\.js$/);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Oops. Nothing here...' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/no/such/page');
    }));
});

describe('web analytics', () => {
  it('are off unless the build configures them', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.locator('#tandem-analytics').count(), 0);
      const external = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => new URL(url).origin !== window.location.origin),
      );
      assert.deepEqual(external, [], 'home talks to no other origin');
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
