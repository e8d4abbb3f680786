/**
 * A native and an EVM session side by side (issue 15): the header shows both, each
 * area reads its own, signing out of one keeps the other, and no EVM screen reads a
 * native account name as an address — not even one a build with a single session
 * stored under the EVM keys.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec, WEB_VERSION } from './browser';
import { connectDevWallet, evmAccount } from './evmDevnet';
import { signInWithDevWallet } from './nativeDevnet';

const { withPage } = browserForSpec();

const menu = (page: Page, account: string) => page.getByRole('button', { name: `Account menu for ${account}` });

async function signOutOf(page: Page, account: string) {
  await menu(page, account).click();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await menu(page, account).waitFor({ state: 'detached' });
}

describe('two sessions side by side', () => {
  it('keeps a native and an EVM session at once; each area reads its own; signing out of one keeps the other', () =>
    withPage(async (page) => {
      const bob = evmAccount('bob').address;
      await signInWithDevWallet(page, 'alice');
      await connectDevWallet(page, 'bob');

      // The EVM wallet reads the EVM session only.
      await page.locator('.page__account').getByText(bob, { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Balances' }).getByRole('table').waitFor();
      assert.equal(await page.getByText(/invalid address/i).count(), 0);
      assert.equal(await page.getByText(/EVM wallet — alice/).count(), 0);
      // The header shows both sessions, and the native wallet beside the EVM areas.
      await menu(page, 'alice').waitFor();
      await menu(page, bob).waitFor();
      const nav = page.getByRole('navigation', { name: /primary|main/i });
      await nav.getByRole('link', { name: 'Telos Zero' }).click();
      await page.getByTestId('zero-account').filter({ hasText: 'alice@active' }).waitFor();
      await page.locator('tr[data-token="TLOS"]').getByRole('button', { name: 'Send TLOS' }).waitFor();

      // Signing out of the EVM session on /zero keeps the user there, signed in natively.
      await signOutOf(page, bob);
      assert.equal(new URL(page.url()).pathname, '/zero/balance');
      await page.getByTestId('zero-account').filter({ hasText: 'alice@active' }).waitFor();
      await menu(page, 'alice').waitFor();
      await page.goto('/evm/wallet');
      await page.waitForURL((url) => url.pathname === '/');

      // And the other way round: signing out of the native session keeps the EVM one.
      await connectDevWallet(page, 'bob');
      await signOutOf(page, 'alice');
      assert.equal(new URL(page.url()).pathname, '/evm/wallet');
      await page.locator('.page__account').getByText(bob, { exact: true }).waitFor();
      await page.goto('/zero/balance');
      await page.getByRole('radio', { name: /Development wallet/ }).waitFor();
      await menu(page, bob).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('tandem.native.account')), null);
    }));

  it('moves a native session stored under the EVM keys to its own, and /evm never reads it as an address', () =>
    withPage(async (page) => {
      // What a build with one session at a time left behind (this version, so the update check keeps it).
      await page.addInitScript((version) => {
        if (window.sessionStorage.getItem('seeded') !== null) return;
        window.sessionStorage.setItem('seeded', 'yes');
        window.localStorage.setItem('tandem.appVersion', version);
        window.localStorage.setItem('account', 'carol');
        window.localStorage.setItem('network', 'telos-native-devnet');
        window.localStorage.setItem('isNative', 'true');
        window.localStorage.setItem('autoLogin', 'viewer');
      }, WEB_VERSION);
      await page.goto('/zero/balance');
      await page.getByTestId('zero-account').filter({ hasText: 'carol@active' }).waitFor();
      await page.goto('/evm/wallet');
      await page.waitForURL((url) => url.pathname === '/');
      assert.equal(await page.evaluate(() => window.localStorage.getItem('account')), null);
      await menu(page, 'carol').waitFor();
    }));
});
