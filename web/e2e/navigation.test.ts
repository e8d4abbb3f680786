import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, inPage, SAMPLE_EVM_ADDRESS, type PageOptions } from './browser';
import { evmAccount } from './evmDevnet';
import { viewNativeAccount } from './nativeDevnet';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, options?: PageOptions) {
  return inPage(browser, run, options);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page) {
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  assert.ok((await scrollY(page)) > 0, 'the page must be tall enough to scroll');
}

describe('auth guard', () => {
  it('sends /evm/wallet home when no account is stored', () =>
    withPage(async (page) => {
      await page.goto('/evm/wallet?tab=balance');
      await page.getByRole('heading', { level: 1, name: 'One wallet for Telos and Telos EVM' }).waitFor();
      assert.equal(pathOf(page), '/');
    }));

  it('says why /evm/allowances sent the user home, and returns there after signing in', () =>
    withPage(async (page) => {
      await page.goto('/evm/allowances?type=erc721');
      await page.waitForURL((url) => url.pathname === '/');
      assert.equal(new URL(page.url()).searchParams.get('next'), '/evm/allowances?type=erc721');
      await page.getByRole('note').filter({ hasText: 'Approvals shows an EVM account, and none is connected in this browser' }).waitFor();

      await page.getByText('Development wallet (devnet only)').click();
      await page.getByLabel('Devnet private key').fill(evmAccount('dave').privateKey);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/allowances');
      assert.equal(new URL(page.url()).searchParams.get('type'), 'erc721');
      await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    }));

  it('returns a viewed address to the page it was turned away from too', () =>
    withPage(async (page) => {
      await page.goto('/evm/staking');
      await page.getByRole('note').filter({ hasText: 'Staking shows an EVM account' }).waitFor();
      await page.getByLabel('EVM address').fill(evmAccount('alice').address);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/staking');
    }));

  it('lets a stored account into /evm/wallet', () =>
    withPage(
      async (page) => {
        await page.goto('/evm/wallet?tab=balance');
        await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
        assert.equal(pathOf(page), '/evm/wallet');
      },
      { account: SAMPLE_EVM_ADDRESS },
    ));

  it('keeps the native area and collectible details open without login', () =>
    withPage(async (page) => {
      await page.goto('/zero/balance');
      await page.getByRole('heading', { level: 1, name: 'Telos Zero wallet' }).waitFor();
      assert.equal(pathOf(page), '/zero/balance');
      await page.goto('/evm/collectible-details');
      await page.getByRole('heading', { level: 1, name: 'Collectible details' }).waitFor();
      assert.equal(pathOf(page), '/evm/collectible-details');
    }));

  it('leads a native session alone to the EVM side: the sign-in choices that return to the EVM wallet', () =>
    withPage(async (page) => {
      await viewNativeAccount(page, 'alice');
      const nav = page.getByRole('navigation', { name: 'Main' });
      assert.deepEqual((await nav.getByRole('link').allTextContents()).slice(0, 2), ['Wallet', 'Telos EVM']);
      await nav.getByRole('link', { name: 'Telos EVM' }).click();
      // The EVM wallet needs an account: the sign-in choices, which bring the user back there.
      await page.getByText(/Wallet shows an EVM account, and none is connected in this browser/).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('next'), '/evm/wallet?tab=balance');
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
    }));
});

describe('navigation', () => {
  it('moves between screens with the nav links and resets the scroll each time', () =>
    withPage(
      async (page) => {
        await page.goto('/evm/wallet?tab=balance');
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.waitFor();
        for (const [label, path, heading] of [
          ['Staking', '/evm/staking', 'Staking'],
          ['Approvals', '/evm/allowances', 'Approvals'],
          ['Wrap TLOS', '/evm/wrap', 'Wrap TLOS'],
          ['Digital Collectibles', '/evm/collectible-inventory', 'Digital collectibles'],
          ['Wallet', '/evm/wallet', 'EVM wallet'],
        ] as const) {
          await scrollToBottom(page);
          await nav.getByRole('link', { name: label }).click();
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          assert.equal(pathOf(page), path);
          assert.equal(await scrollY(page), 0, `scroll resets after going to ${path}`);
          assert.equal(await nav.getByRole('link', { name: label }).getAttribute('aria-current'), 'page');
        }
        assert.equal(new URL(page.url()).searchParams.get('tab'), 'balance');
      },
      { account: SAMPLE_EVM_ADDRESS, height: 420 },
    ));

  it('opens the navigation from a menu button on a narrow screen', () =>
    withPage(
      async (page) => {
        await page.goto('/evm/wallet?tab=balance');
        const toggle = page.getByRole('button', { name: 'Open navigation' });
        await toggle.click();
        assert.equal(await page.getByRole('button', { name: 'Close navigation' }).getAttribute('aria-expanded'), 'true');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wrap TLOS' }).click();
        await page.getByRole('heading', { level: 1, name: 'Wrap TLOS' }).waitFor();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      },
      { account: SAMPLE_EVM_ADDRESS, width: 360, height: 740 },
    ));

  it('leads back from a child screen opened directly to its parent', () =>
    withPage(
      async (page) => {
        await page.goto('/evm/send');
        await page.getByRole('button', { name: 'Back to Wallet' }).click();
        await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
        assert.equal(pathOf(page), '/evm/wallet');
      },
      { account: SAMPLE_EVM_ADDRESS },
    ));

  it('disconnects from the account menu and returns home with the login query', () =>
    withPage(
      async (page) => {
        await page.goto('/evm/staking');
        const menuButton = page.getByRole('button', { name: `Account menu for ${SAMPLE_EVM_ADDRESS}` });
        await menuButton.focus();
        await page.keyboard.press('Enter');
        assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
        await page.getByRole('button', { name: 'Copy address', exact: true }).waitFor();
        await page.keyboard.press('Escape');
        assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');

        await menuButton.click();
        await page.getByRole('button', { name: 'Disconnect' }).click();
        await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
        // The header changes as soon as the account is gone; the URL once the home screen has loaded.
        await page.waitForURL((target) => target.pathname === '/');
        const url = new URL(page.url());
        assert.equal(url.pathname, '/');
        assert.equal(url.searchParams.get('login'), '');
        assert.equal(await page.evaluate(() => window.localStorage.getItem('account')), null);
      },
      { account: SAMPLE_EVM_ADDRESS },
    ));
});

describe('theme', () => {
  it('follows the system and remembers the toggle', () =>
    withPage(
      async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
        assert.equal(await theme(), 'dark');
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        assert.equal(await theme(), 'light');
        await page.reload();
        await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
        assert.equal(await theme(), 'light');
      },
      { colorScheme: 'dark' },
    ));
});

describe('developer demos', () => {
  it('are reachable on a development host and hidden elsewhere', () =>
    withPage(async (page) => {
      await page.goto('/demos/inputs');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const host = new URL(page.url()).hostname;
      if (['localhost', '127.0.0.1', '[::1]'].includes(host)) {
        assert.equal(pathOf(page), '/demos/inputs');
        await page.getByRole('heading', { level: 1, name: 'Demo: Inputs' }).waitFor();
      } else {
        assert.equal(pathOf(page), '/');
      }
    }));
});
