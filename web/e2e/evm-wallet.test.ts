/**
 * The EVM wallet, read-only, against the real stack: tandem-server serving the
 * local anvil devnet (telos-evm-devnet). Addresses and seeded facts come from the
 * EVM devnet manifest (env TANDEM_DEVNET_MANIFEST); the accounts are anvil's
 * public development accounts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, inPage } from './browser';

interface EvmManifest {
  network: string;
  accounts: { name: string; address: string }[];
  seeded: { transactions: Record<string, { hash: string; from: string }> };
}

function manifest(): EvmManifest {
  const path = process.env.TANDEM_DEVNET_MANIFEST;
  if (path === undefined || path.trim() === '') throw new Error('TANDEM_DEVNET_MANIFEST is not set: run the specs through scripts/lib/e2e.mjs');
  return JSON.parse(readFileSync(path, 'utf8')) as EvmManifest;
}

function addressOf(name: string): string {
  const entry = manifest().accounts.find((account) => account.name === name);
  if (!entry) throw new Error(`the manifest has no account ${name}`);
  return entry.address;
}

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width });
}

async function viewFromHome(page: Page, address: string) {
  await page.goto('/');
  await page.getByLabel(/EVM address/).fill(address);
  await page.getByRole('button', { name: 'View', exact: true }).click();
}

describe('View Any Account (EVM)', () => {
  it('refuses a malformed address with the spec message and stays home', () =>
    withPage(async (page) => {
      await viewFromHome(page, '0x1234');
      await page.getByRole('alert').filter({ hasText: 'Invalid address' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
    }));

  it('opens a seeded account read-only on the devnet and stores the viewer session', () =>
    withPage(async (page) => {
      const alice = addressOf('alice');
      await viewFromHome(page, alice.toLowerCase());
      await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
      const url = new URL(page.url());
      assert.equal(url.pathname, '/evm/wallet');
      assert.equal(url.searchParams.get('tab'), 'balance');
      await page.getByText('Read-only', { exact: true }).waitFor();
      await page.locator('.page__account').getByText(alice, { exact: true }).waitFor();
      const stored = await page.evaluate(() => ({
        account: window.localStorage.getItem('account'),
        network: window.localStorage.getItem('network'),
        autoLogin: window.localStorage.getItem('autoLogin'),
        isNative: window.localStorage.getItem('isNative'),
      }));
      assert.deepEqual(stored, { account: alice, network: manifest().network, autoLogin: 'justViewer', isNative: 'false' });
    }));
});

describe('EVM balances', () => {
  for (const width of [1280, 360]) {
    it(`lists TLOS, STLOS, WTLOS and TUSD with prices and fiat values (${width} px)`, () =>
      withPage(async (page) => {
        await viewFromHome(page, addressOf('alice'));
        // Scoped: the price chart's drawing library lays itself out with a table of its own.
        const table = page.getByRole('region', { name: 'Balances' }).getByRole('table');
        await table.waitFor();
        for (const symbol of ['TLOS', 'STLOS', 'WTLOS', 'TUSD']) {
          const row = table.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: new RegExp(`^${symbol}`) }) });
          await row.first().waitFor();
          const cells = await row.first().getByRole('cell').allInnerTexts();
          assert.equal(cells.length, 3, `${symbol}: amount, price and value`);
          assert.match(cells[2] ?? '', /\$\s?\d/, `${symbol} has a fiat value`);
        }
        const total = await page.getByRole('region', { name: 'Balances' }).locator('.evm-total__value').innerText();
        assert.match(total, /^\$\d/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(overflow, false, 'nothing scrolls sideways');
      }, width));
  }
});

describe('EVM price chart', () => {
  it('shows the TLOS price with day change, volume and market cap, drawn on a canvas', () =>
    withPage(async (page) => {
      await viewFromHome(page, addressOf('alice'));
      const card = page.getByRole('region', { name: /TLOS price, last 24 hours/ });
      // The line is drawn once the price has arrived; until then the card holds its figures' room, empty and hidden.
      await card.getByRole('img', { name: 'Price line over the last 24 hours' }).locator('canvas').first().waitFor();
      for (const figure of ['24 h change', '24 h volume', 'Market cap']) {
        const value = await card.locator('dt', { hasText: figure }).locator('xpath=following-sibling::dd').innerText();
        assert.match(value, figure === '24 h change' ? /^[+-]\d/ : /^\$\d/, `${figure}: ${value}`);
      }
    }));
});

describe('EVM receive', () => {
  it('shows the address, its QR code and the network, and copies the address', () =>
    withPage(async (page) => {
      const alice = addressOf('alice');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await viewFromHome(page, alice);
      await page.getByRole('link', { name: 'Receive', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Receive' }).waitFor();
      const qr = page.getByRole('img', { name: `QR code of the address ${alice}` });
      await qr.waitFor();
      assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/svg\+xml/);
      assert.equal(await page.getByTestId('evm-receive-address').innerText(), alice);
      // On the screen itself, not in the network chooser above it.
      await page.getByRole('region', { name: 'Receive' }).getByText(/Telos EVM/).first().waitFor();

      await page.getByRole('button', { name: 'Copy address' }).click();
      await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Address copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), alice);
      await page.getByRole('button', { name: 'Copy address' }).waitFor({ timeout: 3_000 });
    }));
});

describe('EVM history', () => {
  const expectations = [
    { label: 'tlos.alice-bob', texts: ['Send', 'To', 'TLOS'] },
    { label: 'erc20.bob-alice.TUSD', texts: ['Receive', 'From', '+', 'TUSD'] },
    { label: 'swap', texts: ['Swap', 'TUSD', 'GEMS'] },
    { label: 'failed', texts: ['Failed'] },
    { label: 'contractCreation', texts: ['Contract creation', 'Created'] },
  ];
  for (const { label, texts } of expectations) {
    it(`shows the seeded ${label} row with its action, counterparty, values and the fee when the viewer paid it`, () =>
      withPage(async (page) => {
        const seeded = manifest().seeded.transactions[label];
        if (!seeded) throw new Error(`the manifest has no ${label} transaction`);
        const viewer = label === 'erc20.bob-alice.TUSD' ? 'alice' : seeded.from;
        await viewFromHome(page, addressOf(viewer));
        await page.getByRole('link', { name: 'History', exact: true }).click();
        await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
        const row = page.locator(`[data-hash="${seeded.hash}"]`);
        await row.waitFor();
        const text = await row.innerText();
        for (const expected of texts) assert.ok(text.includes(expected), `${label} row shows "${expected}": ${text}`);
        // The fee is on the rows the viewer sent (and paid for), and only there.
        if (viewer === seeded.from) assert.match(text, /\d\sTLOS/, `${label} row shows the fee`);
        else assert.doesNotMatch(text, /\d\sTLOS/, `${label} row shows no fee the sender paid`);
        // Spec §9 default date format 'MMM d, yyyy hh:mm:ss a'.
        assert.match(text, /[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2} [AP]M/, `${label} row shows its time`);
      }));
  }
});
