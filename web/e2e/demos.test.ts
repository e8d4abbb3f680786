/**
 * The developer demos (spec §2 /demos/*) on a development host: each renders the
 * real components in their states, checked by visible text and roles: every
 * validation message of the inputs, every send error through the real mapping,
 * each notice kind in the real toaster, the collectible cards per media kind and
 * fallback, the sideways-scrolling row, and the live status of each EVM network.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, inPage, launchBrowser } from './browser';
import { evmManifest } from './evmDevnet';

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

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`/demos/${path}`);
  await page.getByRole('heading', { level: 1, name: `Demo: ${title}` }).waitFor();
}

describe('developer demos', () => {
  it('the index links every demo', () =>
    withPage(async (page) => {
      await page.goto('/demos');
      for (const title of ['Inputs', 'Send errors', 'Notifications', 'NFTs', 'Scrollable cards', 'Indexer']) {
        await page.getByRole('link', { name: new RegExp(`^${title}`) }).waitFor();
      }
    }));

  it('inputs: every validation message, live as the field changes', () =>
    withPage(async (page) => {
      await open(page, 'inputs', 'Inputs');
      const messages = [
        'Address required',
        'Invalid address',
        'Invalid checksum address',
        'Amount required',
        'Invalid number format',
        'The amount cannot be negative',
        'You can only enter 18 decimal places',
        'Balance too low',
        'Value too large',
        'Tokens with 80 decimals are not supported',
        'Account required',
        'An account name may only contain lowercase letters, digits 1 to 5 or a dot',
        'An account name can have at most 12 characters',
        'An account name cannot end with a dot',
        'A basic account name must be exactly 12 lowercase letters and digits 1-5',
      ];
      for (const message of messages) {
        await page.getByRole('alert').filter({ hasText: new RegExp(`^${message}$`) }).first().waitFor();
      }
      await page.getByRole('note').filter({ hasText: 'Address is lowercase, verify it' }).waitFor();
      const field = page.getByLabel('Amount (above the balance)');
      assert.equal(await field.getAttribute('aria-invalid'), 'true');
      await field.fill('1.5');
      assert.equal(await field.getAttribute('aria-invalid'), 'false');
    }));

  it('send errors: each through the real mapping, and as a notification on demand', () =>
    withPage(async (page) => {
      await open(page, 'send-errors', 'Send errors');
      const insufficient = page.getByRole('region', { name: 'INSUFFICIENT_FUNDS' });
      await insufficient.getByText("You don't have enough funds to complete this transaction").waitFor();
      await insufficient.getByText('Failure message').waitFor();
      const rejected = page.getByRole('region', { name: 'USER_REJECTED' });
      await rejected.getByText('You rejected the transaction').waitFor();
      await rejected.getByText('Neutral message').waitFor();
      await page.getByRole('region', { name: 'NONCE_EXPIRED' }).getByText('The nonce used for this transaction is too low').waitFor();
      await page.getByRole('region', { name: 'ACTION_REJECTED' }).getByText('You canceled the action').waitFor();
      await page.getByRole('region', { name: 'Unknown' }).getByText('General EVM wallet error').waitFor();
      for (const code of ['CALL_EXCEPTION', 'MISSING_NEW', 'NUMERIC_FAULT', 'REPLACEMENT_UNDERPRICED', 'TRANSACTION_REPLACED', 'UNPREDICTABLE_GAS_LIMIT']) {
        await page.getByRole('region', { name: code }).getByText('Failure message').waitFor();
      }
      await insufficient.getByRole('button', { name: 'Show as notification' }).click();
      await page.getByRole('alert').filter({ hasText: "You don't have enough funds to complete this transaction" }).waitFor();
    }));

  it('notifications: each kind in the real toaster', () =>
    withPage(async (page) => {
      await open(page, 'notif', 'Notifications');
      const toaster = page.getByRole('region', { name: 'Notifications', exact: true });
      // At most three notices show at once: each check clears them for the next.
      const dismissAll = async () => {
        const dismiss = toaster.getByRole('button', { name: 'Dismiss notification' });
        while ((await dismiss.count()) > 0) await dismiss.first().click();
      };
      const show = async (label: string) => {
        await dismissAll();
        await page.getByRole('button', { name: `Show ${label}`, exact: true }).click();
      };
      await show('success with a transaction');
      await page.getByRole('status').filter({ hasText: 'Transaction confirmed' }).getByRole('link', { name: 'See Transaction' }).waitFor();
      await show('persistent error with details');
      const error = page.getByRole('alert').filter({ hasText: 'The transfer could not be sent' });
      await error.getByText('ooops').waitFor();
      await error.getByRole('button', { name: 'See Details' }).click();
      await error.getByText('nonce too low').waitFor();
      await show('warning');
      await toaster.getByText('Warning!', { exact: true }).waitFor();
      await show('copied');
      await toaster.getByText('Copied', { exact: true }).waitFor();
      await show('chain assertion');
      await page.getByRole('alert').filter({ hasText: /^ooops\s*overdrawn balance/ }).waitFor();
      await show('undefined error');
      await page.getByRole('alert').filter({ hasText: 'Cancelled transaction' }).waitFor();
      await show('neutral');
      await page.getByRole('status').filter({ hasText: 'You rejected the transaction' }).waitFor();
      await show('offline');
      await page.getByRole('alert').filter({ hasText: 'No Internet connection' }).waitFor();
    }));

  it('nfts: the inventory cards for each media kind and each fallback', () =>
    withPage(async (page) => {
      await open(page, 'nfts', 'NFTs');
      const grid = page.getByRole('region', { name: 'Grid' });
      await grid.getByRole('link', { name: /Picture · Demo Art #1/ }).waitFor();
      await grid.getByRole('link', { name: /Sound with a cover/ }).getByText('Audio').waitFor();
      await grid.getByRole('link', { name: /Edition of 25/ }).waitFor();
      await grid.getByTestId('nft-quantity').getByText(/25/).waitFor();
      for (const reason of [
        'Its metadata is not valid JSON, so there is nothing to show.',
        'Its metadata could not be fetched, so there is nothing to show.',
        'Its media type is not one the wallet can show.',
        'Its media link is not a web address the wallet opens.',
        'Its media could not be loaded (missing, blocked or not a format this browser plays).',
      ]) {
        await grid.getByText(reason).waitFor();
      }
      await page.getByRole('region', { name: 'List' }).getByRole('table').waitFor();
    }));

  it('scrollable cards: one row that scrolls sideways', () =>
    withPage(async (page) => {
      await open(page, 'scrollable-cards', 'Scrollable cards');
      const row = page.locator('.nft-strip');
      await row.getByRole('link', { name: /Picture/ }).waitFor();
      const scrolls = await row.evaluate((element) => element.scrollWidth > element.clientWidth);
      assert.ok(scrolls, 'the row is wider than the screen and scrolls');
      await row.hover();
      await page.mouse.wheel(400, 0);
      await page.waitForFunction(() => (document.querySelector('.nft-strip')?.scrollLeft ?? 0) > 0);
      assert.equal(await row.getAttribute('tabindex'), '0', 'keyboard users can focus the row to scroll it');
    }));

  it('indexer: the live status of each EVM network with its sources', () =>
    withPage(async (page) => {
      await open(page, 'indexer', 'Indexer');
      const response = await fetch(`${baseUrl()}/api/v1/networks`);
      const { networks } = (await response.json()) as { networks: { name: string; displayName: string }[] };
      const devnetName = networks.find((network) => network.name === evmManifest().network)?.displayName ?? '';
      const devnet = page.getByRole('region', { name: devnetName, exact: true });
      await devnet.getByText('Primary source', { exact: true }).waitFor();
      await devnet.getByText('In use now', { exact: true }).waitFor();
      await devnet.getByText('Own index', { exact: true }).first().waitFor();
      await page.getByRole('region', { name: 'Telos EVM Testnet' }).waitFor();
      await page.getByRole('region', { name: 'Telos EVM', exact: true }).waitFor();
    }));
});
