import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, SAMPLE_EVM_ADDRESS, WEB_VERSION } from './browser';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

async function withPage(run: (page: Page) => Promise<void>) {
  const { context, page } = await openPage(browser);
  try {
    await run(page);
  } finally {
    await context.close();
  }
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
