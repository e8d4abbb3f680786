import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, inPage, openPage, SAMPLE_EVM_ADDRESS, WEB_VERSION } from './browser';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>) {
  return inPage(browser, run);
}

const OFFLINE_SENTENCE =
  "We're sorry, it looks like you're not connected to the internet. Please check your network connection and try again.";

describe('offline notice', () => {
  it('says so while the connection is gone and leaves when it returns', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const region = page.getByRole('region', { name: 'Notifications' });
      await region.waitFor({ state: 'attached' });

      await page.context().setOffline(true);
      const alert = region.getByRole('alert');
      await alert.getByText('No Internet connection').waitFor();
      await alert.getByText(OFFLINE_SENTENCE).waitFor();

      await page.context().setOffline(false);
      await alert.getByText('No Internet connection').waitFor({ state: 'detached' });
    }));

  it('can be dismissed with its control, by keyboard', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('region', { name: 'Notifications' }).waitFor({ state: 'attached' });
      await page.context().setOffline(true);
      const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
      await dismiss.focus();
      await page.keyboard.press('Enter');
      await page.getByText('No Internet connection').waitFor({ state: 'detached' });
      await page.context().setOffline(false);
    }));
});

describe('toasts and the account menu', () => {
  it('never covers the open account menu on a phone', () =>
    inPage(
      browser,
      async (page) => {
        await page.goto('/evm/wallet?tab=balance');
        const region = page.getByRole('region', { name: 'Notifications' });
        await region.waitFor({ state: 'attached' });
        // A toast that stays: the offline notice, in the main stack under the header.
        await page.context().setOffline(true);
        await region.getByRole('alert').getByText('No Internet connection').waitFor();
        await page.getByRole('button', { name: `Account menu for ${SAMPLE_EVM_ADDRESS}` }).click();
        for (const name of ['Copy address', 'Disconnect']) {
          const item = page.getByRole('button', { name, exact: true });
          await item.waitFor();
          const box = await item.boundingBox();
          assert.ok(box, `${name} has a box`);
          const onTop = await page.evaluate(
            ({ x, y, label }) => document.elementFromPoint(x, y)?.closest('button')?.textContent.trim() === label,
            { x: box.x + box.width / 2, y: box.y + box.height / 2, label: name },
          );
          assert.ok(onTop, `${name} is on top of the toast, so it can be seen and pressed`);
        }
        await page.context().setOffline(false);
      },
      { width: 390, height: 844, account: SAMPLE_EVM_ADDRESS },
    ));
});

describe('app-version check', () => {
  it('after an update clears the stored session, reloads once and asks to reconnect', async () => {
    const { context, page } = await openPage(browser);
    try {
      // Storage as an older build left it, written only once (the reload must not bring it back).
      await context.addInitScript((address) => {
        if (window.sessionStorage.getItem('seeded') !== null) return;
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem('tandem.appVersion', '0.0.1');
        window.localStorage.setItem('account', address);
        window.localStorage.setItem('network', 'telos-evm');
        window.localStorage.setItem('tandem.theme', 'dark');
      }, SAMPLE_EVM_ADDRESS);
      await page.goto('/evm/wallet?tab=balance');

      const toast = page.getByRole('status').filter({ hasText: 'Tandem was updated. Please reconnect your wallet.' });
      await toast.waitFor();
      await toast.getByText('Success').waitFor();
      assert.equal(new URL(page.url()).pathname, '/', 'without an account the guard sends the user home');
      const stored = await page.evaluate(() => ({
        account: window.localStorage.getItem('account'),
        network: window.localStorage.getItem('network'),
        theme: window.localStorage.getItem('tandem.theme'),
        version: window.localStorage.getItem('tandem.appVersion'),
        marker: window.localStorage.getItem('tandem.updateReload'),
      }));
      assert.deepEqual(stored, { account: null, network: null, theme: 'dark', version: WEB_VERSION, marker: null });

      // Escape on a focused toast dismisses it (focus also stops its 4 s clock).
      await toast.getByRole('button', { name: 'Dismiss notification' }).focus();
      await page.keyboard.press('Escape');
      await toast.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

describe('debug mode', () => {
  it('turns on with ?debug on a development host: badge, API calls in the console, kept across navigation, off with ?debug=0', () =>
    withPage(async (page) => {
      const host = new URL(baseUrl()).hostname;
      assert.ok(['localhost', '127.0.0.1', '[::1]'].includes(host), `the suite runs on a development host, not ${host}`);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('[api] ')) logged.push(message.text());
      });
      await page.goto('/?debug');
      const badge = page.getByRole('contentinfo').getByText('Debug mode', { exact: true });
      await badge.waitFor();
      await page.getByRole('contentinfo').getByText(/^Server /).waitFor();
      assert.ok(
        logged.some((line) => /^\[api\] GET \/api\/v1\/health → 200 in \d+ ms$/.test(line)),
        `the health call is logged: ${logged.join(' | ')}`,
      );

      // In-app navigation drops the query; the tab remembers the mode, also across a reload.
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Oops. Nothing here...' }).waitFor();
      await badge.waitFor();

      await page.goto('/?debug=0');
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await badge.count(), 0);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await badge.count(), 0);
    }));

  it('is ignored on any other host', () =>
    withPage(async (page) => {
      // The same server answers for a public-looking name, as behind a reverse proxy.
      const origin = 'http://wallet.tandem.test';
      await page.route(`${origin}/**`, async (route) => {
        const url = new URL(route.request().url());
        const response = await page.request.fetch(`${baseUrl()}${url.pathname}${url.search}`, {
          method: route.request().method(),
          ...(route.request().postDataBuffer() === null ? {} : { data: route.request().postDataBuffer() ?? undefined }),
        });
        await route.fulfill({ response });
      });
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      await page.goto(`${origin}/?debug`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('contentinfo').getByText(/^Server /).waitFor();
      assert.equal(await page.getByText('Debug mode', { exact: true }).count(), 0);
      assert.deepEqual(logged.filter((line) => line.startsWith('[api] ') || line.includes('debug mode')), []);
      // Chunks loading beside the first screen may still be in the proxy when the context closes.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }));
});
