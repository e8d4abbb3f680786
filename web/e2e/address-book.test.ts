/**
 * The address book, as a user keeps it: an entry is saved in the send form's book,
 * exported as JSON, imported into a fresh browser (its storage empty), offered as a
 * suggestion of the recipient field and named when typed; a look-alike of it is flagged
 * as possible address poisoning, a new address gets the first-send note, and a corrupt
 * file is refused whole, keeping the book as it was. Nothing is sent: the sender is a
 * development account (anvil's 5) that no other spec uses.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { inPage, launchBrowser } from './browser';
import { evmAccount, signInWithDevKey } from './evmDevnet';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

let browser: Browser;
let senderKey: `0x${string}`;

before(async () => {
  browser = await launchBrowser();
  const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 }).getHdKey().privateKey;
  if (!key) throw new Error('no key for account 5');
  senderKey = toHex(key);
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width, height: 900 });
}

async function openSend(page: Page) {
  await signInWithDevKey(page, senderKey);
  await page.goto('/evm/send');
  await page.getByRole('form', { name: 'Send' }).waitFor();
}

function book(page: Page) {
  return page.getByRole('dialog', { name: 'Address book' });
}

let exported = '';

describe('the address book', () => {
  it('saves an entry and exports it as JSON', () =>
    withPage(async (page) => {
      const bob = evmAccount('bob').address;
      await openSend(page);
      await page.getByRole('button', { name: 'Address book' }).click();
      await book(page).getByLabel('Name').fill('Bob savings');
      await book(page).getByLabel('Address').fill(bob.toLowerCase());
      await book(page).getByRole('button', { name: 'Save', exact: true }).click();
      const entry = book(page).getByTestId('address-book-entry');
      await entry.filter({ hasText: 'Bob savings' }).waitFor();
      assert.match(await entry.innerText(), new RegExp(bob), 'kept in its checksummed form');

      const downloaded = page.waitForEvent('download');
      await book(page).getByRole('button', { name: 'Export JSON' }).click();
      const file = await downloaded;
      exported = readFileSync(await file.path(), 'utf8');
      const parsed = JSON.parse(exported) as { format: string; network: string; entries: { name: string; address: string }[] };
      assert.equal(parsed.format, 'tandem-address-book');
      assert.deepEqual(parsed.entries, [{ name: 'Bob savings', address: bob }]);
    }));

  it('imports it into a fresh browser, suggests and names it in the send form, and flags a look-alike', () =>
    withPage(async (page) => {
      assert.notEqual(exported, '', 'the export ran first');
      const bob = evmAccount('bob').address;
      const path = join(tmpdir(), `tandem-book-${process.pid}.json`);
      writeFileSync(path, exported);
      await openSend(page);
      await page.getByRole('button', { name: 'Address book' }).click();
      await book(page).getByText('No saved addresses yet').waitFor();
      await book(page).locator('input[type="file"]').setInputFiles(path);
      await book(page).getByText('1 address imported').waitFor();
      await book(page).getByTestId('address-book-entry').filter({ hasText: 'Bob savings' }).waitFor();
      await book(page).getByRole('button', { name: 'Close' }).click();

      const to = page.getByRole('form', { name: 'Send' }).getByLabel('Recipient address', { exact: true });
      const listId = await to.getAttribute('list');
      assert.ok(listId, 'the recipient field has a suggestion list');
      const option = page.locator(`datalist[id="${listId}"] option`);
      assert.equal(await option.getAttribute('value'), bob);
      assert.equal(await option.getAttribute('label'), 'Bob savings');

      await to.fill(bob);
      await page.getByText('Saved as Bob savings').waitFor();

      // Same first and last four characters, different middle: what a poisoner sends dust from.
      const lookalike = `${bob.slice(0, 6)}${'1'.repeat(32)}${bob.slice(-4)}`.toLowerCase();
      await to.fill(lookalike);
      const warning = page.getByTestId('lookalike-warning');
      await warning.waitFor();
      assert.match(await warning.innerText(), /looks like Bob savings/);
      assert.match(await warning.innerText(), /address poisoning/);

      await to.fill(evmAccount('carol').address);
      await page.getByTestId('first-send-warning').waitFor();
      assert.equal(await page.getByTestId('lookalike-warning').count(), 0);
    }));

  it('says "first time" from the history on the chain: not for bob whom alice paid, not for herself, but for a new address', () =>
    withPage(async (page) => {
      // A fresh browser profile: this browser never sent anything, only the chain knows.
      await signInWithDevKey(page, evmAccount('alice').privateKey);
      await page.goto('/evm/send');
      await page.getByRole('form', { name: 'Send' }).waitFor();
      const to = page.getByLabel('Recipient address');
      const asked = (recipient: string) => page.waitForResponse((response) =>
        response.url().toLowerCase().includes(`/sent-to/${recipient.toLowerCase()}`) && response.ok());

      const bob = evmAccount('bob').address;
      const bobChecked = asked(bob);
      await to.fill(bob);
      await bobChecked;
      // The answer is drawn within a frame of its arrival: two frames later, a note would show.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => { requestAnimationFrame(resolve); })));
      assert.equal(await page.getByTestId('first-send-warning').count(), 0, 'no first-send note for bob: alice paid him before');

      await to.fill(evmAccount('alice').address);
      await page.getByTestId('own-recipient').waitFor();
      assert.equal(await page.getByTestId('first-send-warning').count(), 0, 'no first-send note for alice herself');

      const stranger = '0x000000000000000000000000000000000000dEaD';
      await to.fill(stranger);
      await page.getByTestId('first-send-warning').waitFor();
    }));

  it('refuses a corrupt import whole, keeping the book as it was', () =>
    withPage(async (page) => {
      const bob = evmAccount('bob').address;
      const path = join(tmpdir(), `tandem-book-bad-${process.pid}.csv`);
      writeFileSync(path, `name,address,network\r\nCarol,${evmAccount('carol').address},\r\nBroken,0x12345,\r\n`);
      await openSend(page);
      await page.getByRole('button', { name: 'Address book' }).click();
      await book(page).getByLabel('Name').fill('Bob');
      await book(page).getByLabel('Address').fill(bob);
      await book(page).getByRole('button', { name: 'Save', exact: true }).click();
      await book(page).locator('input[type="file"]').setInputFiles(path);
      await book(page).getByRole('alert').filter({ hasText: 'Nothing was imported: entry 3 is not valid' }).waitFor();
      const names = await book(page).getByTestId('address-book-entry').allInnerTexts();
      assert.equal(names.length, 1, `only the saved entry: ${names.join(' | ')}`);
      assert.match(names[0] ?? '', /Bob/);
    }));
});
