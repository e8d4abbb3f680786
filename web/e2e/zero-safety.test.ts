/**
 * Scam checks on the native side (issue 37) against the real stack: a transfer to the devnet's
 * exchange-like account (seeded, and named by the stack's operator memo list) without a memo
 * warns, with one it does not, and the user may still go on; a nonexistent recipient is refused;
 * the dapp search flags a link the stack's operator phishing list names (web/e2e/operator-phishing.txt).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserForSpec } from './browser';
import { nativeManifest, signInWithDevWallet, tokenRow } from './nativeDevnet';

const { withPage } = browserForSpec();

describe('native transfer recipient checks', () => {
  it('warns before a memo-less deposit to an exchange, not with a memo, and refuses a missing account', () =>
    withPage(async (page) => {
      const exchange = nativeManifest().seeded.memoRequired;
      await signInWithDevWallet(page, 'bob');
      await tokenRow(page, 'TLOS').getByRole('button', { name: 'Send TLOS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send TLOS' });
      const warning = dialog.getByTestId('memo-required');

      // A recipient that does not exist is refused before anything is built or signed.
      await dialog.getByLabel('Recipient account').fill('nosuchacct2');
      await dialog.getByLabel(/^Amount/).fill('0.0100');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByText(/^Account does not exist: there is no account nosuchacct2/).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Confirm and sign' }).count(), 0);

      // The exchange-like account without a memo: the form says why and what to do.
      await dialog.getByLabel('Recipient account').fill(exchange.account);
      await warning.getByText(`${exchange.account} needs a memo`).waitFor();
      await warning.getByText(new RegExp(`is ${exchange.label.replace(/[()]/g, '\\$&')}\\. An exchange keeps one account`)).waitFor();
      await warning.getByText(/funds can be lost or take a support ticket/).waitFor();
      await warning.getByText(/Add the memo \(also called tag or deposit ID\) the exchange gave you/).waitFor();
      // Only a warning: the review still offers to sign, and repeats it.
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByRole('term').filter({ hasText: 'Memo' }).waitFor();
      await dialog.getByText('No memo').waitFor();
      await warning.waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Confirm and sign' }).isEnabled(), true);

      // With the memo the exchange gave, no warning.
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('Memo').fill('104729');
      await warning.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByText('104729').waitFor();
      await dialog.getByRole('button', { name: 'Confirm and sign' }).waitFor();
      assert.equal(await warning.count(), 0);

      // An ordinary account needs no memo.
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await dialog.getByLabel('Memo').fill('');
      await dialog.getByLabel('Recipient account').fill('alice');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByRole('button', { name: 'Confirm and sign' }).waitFor();
      assert.equal(await warning.count(), 0);
    }));
});

describe('dapp links on the phishing list', () => {
  it('are shown as a warning, not as a link', () =>
    withPage(async (page) => {
      await page.goto('/zero/dappsearch');
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('exchange');
      // A link with nothing against it stays a link.
      await page.getByRole('link', { name: 'Alcor Exchange' }).waitFor();
      const card = page.locator('li').filter({ has: page.getByRole('heading', { name: 'Vapaee' }) });
      const warning = card.getByTestId('dapp-risk');
      await warning.getByText('Warning: do not open this link').waitFor();
      await warning.getByText(/vapaee\.io is on this wallet’s phishing list/).waitFor();
      await warning.getByText(/do not connect a wallet or sign anything there/).waitFor();
      assert.equal(await warning.getAttribute('data-risk'), 'phishing_listed');
      assert.equal(await card.getByRole('link').count(), 0, 'the flagged site is not linked');
    }));
});
