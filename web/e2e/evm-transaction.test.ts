/**
 * The transaction detail view on the devnet (which has no explorer): opened from a
 * history row (by mouse and by keyboard), from a pasted hash, and from the success
 * toast's See Transaction after a send; a malformed and an unknown hash each say so.
 * The sender is anvil's development account 9, which no other spec uses.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { parseUnits, type Address } from 'viem';
import { browserForSpec } from './browser';
import { anvilAccount, chain, evmAccount, evmManifest, signInDevWallet, signInWithDevKey } from './evmDevnet';

const SENDER = anvilAccount(9);
/** anvil's 7th development account, the send specs' recipient. */
const RECIPIENT: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

const { withPage } = browserForSpec();

function seededHash(label: string): string {
  const seeded = (evmManifest().seeded as { transactions: Record<string, { hash: string }> }).transactions[label];
  if (!seeded) throw new Error(`the manifest has no ${label} transaction`);
  return seeded.hash;
}

async function openHistory(page: Page, name: string) {
  await page.goto('/');
  await page.getByLabel(/EVM address/).fill(evmAccount(name).address);
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('link', { name: 'History', exact: true }).click();
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
}

async function detailOf(page: Page, hash: string) {
  await page.waitForURL((url) => url.pathname === `/evm/tx/${hash}`);
  await page.getByRole('heading', { level: 1, name: 'Transaction' }).waitFor();
  const main = page.locator('main');
  await main.getByText(hash, { exact: true }).first().waitFor();
  return main;
}

describe('EVM transaction detail', () => {
  it('opens from a history row and shows the call, what moved and who paid the fee', () =>
    withPage(async (page) => {
      const unwrap = seededHash('unwrap.alice');
      await openHistory(page, 'alice');
      // A click anywhere on the row (here its values cell) opens the transaction.
      await page.locator(`[data-hash="${unwrap}"]`).getByRole('cell').nth(1).click();
      const main = await detailOf(page, unwrap);
      await main.getByRole('heading', { level: 2, name: 'withdraw' }).waitFor();
      const text = await main.innerText();
      for (const expected of ['Succeeded', 'withdraw(uint256)', '4000000000000000000', 'What moved', 'paid by', 'Wrapped TLOS']) {
        assert.ok(text.includes(expected), `the detail shows "${expected}": ${text}`);
      }
      const moves = await main.getByTestId('evm-tx-movement').allInnerTexts();
      assert.ok(moves.some((move) => move.startsWith('4\u00a0TLOS')), `the TLOS paid back is shown: ${moves.join(' | ')}`);
      assert.ok(moves.some((move) => move.startsWith('4\u00a0WTLOS')), `the WTLOS given is shown: ${moves.join(' | ')}`);
      assert.match(text, /[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2} [AP]M/, 'the block time in the spec format');

      // By keyboard: the hash of a row is its link.
      const transfer = seededHash('erc20.bob-alice.TUSD');
      await page.goBack();
      const link = page.locator(`[data-hash="${transfer}"]`).getByRole('link', { name: new RegExp(`Open the transaction ${transfer}`) });
      await link.focus();
      await page.keyboard.press('Enter');
      const second = await detailOf(page, transfer);
      await second.getByRole('heading', { level: 2, name: 'transfer' }).waitFor();
      assert.ok((await second.innerText()).includes('TUSD'));
    }));

  it('opens a pasted hash, and says so for a malformed or unknown one', () =>
    withPage(async (page) => {
      await openHistory(page, 'bob');
      const box = page.getByRole('search', { name: 'Find a transaction' });
      await box.getByLabel('Transaction hash').fill('0x1234');
      await box.getByRole('button', { name: 'Open' }).click();
      await box.getByRole('alert').filter({ hasText: 'Not a transaction hash' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/evm/wallet');

      const unknown = `0x${'ab'.repeat(32)}`;
      await box.getByLabel('Transaction hash').fill(unknown);
      await box.getByRole('button', { name: 'Open' }).click();
      await page.waitForURL((url) => url.pathname === `/evm/tx/${unknown}`);
      await page.getByRole('alert').filter({ hasText: 'No transaction with this hash is known' }).waitFor();

      // A pasted hash often carries spaces or a line break around it.
      const swap = seededHash('swap.bob');
      const again = page.getByRole('search', { name: 'Find a transaction' });
      await again.getByLabel('Transaction hash').fill(`  ${swap.toUpperCase().replace('0X', '0x')}\n`);
      await again.getByRole('button', { name: 'Open' }).click();
      const main = await detailOf(page, swap.toLowerCase());
      await main.getByRole('heading', { level: 2, name: 'swap' }).waitFor();

      // A malformed hash in the address bar.
      await page.goto('/evm/tx/0xnothex');
      await page.getByRole('alert').filter({ hasText: 'This is not a transaction hash' }).waitFor();
    }));

  it('opens from the success toast of a send (the devnet has no explorer)', () =>
    withPage(async (page) => {
      await signInWithDevKey(page, SENDER.privateKey);
      await page.goto('/evm/send?token=TLOS');
      const form = page.getByRole('form', { name: 'Send' });
      await form.getByLabel('Recipient address').fill(RECIPIENT);
      await form.getByLabel(/^Amount/).fill('0.25');
      await form.getByTestId('evm-send-fee').waitFor();
      await form.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      await signInDevWallet(page);
      await review.getByText(/Confirmed in block \d+/).waitFor({ timeout: 30_000 });
      const hash = /0x[0-9a-fA-F]{64}/.exec(await review.locator('.tx-dialog__hash').innerText())?.[0];
      assert.ok(hash, 'the review shows the hash');
      await review.getByRole('button', { name: 'Close' }).click();
      await review.waitFor({ state: 'hidden' });

      const toast = page.locator('.toaster .toast--success').filter({ hasText: 'Sent 0.25 TLOS' });
      await toast.getByRole('link', { name: 'See Transaction' }).click();
      const main = await detailOf(page, hash.toLowerCase());
      await main.getByRole('heading', { level: 2, name: 'Transfer' }).waitFor();
      const receipt = await chain().getTransactionReceipt({ hash: hash as `0x${string}` });
      assert.equal(receipt.status, 'success');
      const text = await main.innerText();
      assert.ok(text.includes('Succeeded'), text);
      assert.ok(text.includes(receipt.blockNumber.toLocaleString('en-US')), `the block ${receipt.blockNumber} is shown: ${text}`);
      const moves = await main.getByTestId('evm-tx-movement').allInnerTexts();
      assert.equal(moves.length, 1, moves.join(' | '));
      assert.match(moves[0] ?? '', /^0\.25\u00a0TLOS/);
      assert.ok((moves[0] ?? '').includes(RECIPIENT), `the recipient in full: ${moves[0]}`);
      const value = await chain().getTransaction({ hash: hash as `0x${string}` });
      assert.equal(value.value, parseUnits('0.25', 18));
    }));
});
