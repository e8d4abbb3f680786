/**
 * The native development wallet asks before it signs, as the EVM one does and as a real
 * wallet would (issue 30): the prompt names the transaction in words, its contract::action,
 * who authorizes it and the network; Reject (a click or Escape) signs and sends nothing and
 * says so with the way on; Sign then completes the same transfer. It fits a phone and a
 * desktop window in both themes. With TANDEM_SCREENSHOT_DIR set, the prompt is saved there
 * as `zero-sign-prompt-<width>[-dark].png` to be looked at.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { browserForSpec, screenshot } from './browser';
import { rejectInDevWallet } from './devWalletPrompt';
import { chainBalance, signInWithDevWallet, tokenRow } from './nativeDevnet';

const { withPage } = browserForSpec();

/** Send TLOS → bob, `amount`, Review, Confirm and sign: the transfer dialog, waiting on the wallet. */
async function confirmTransfer(page: Page, amount: string, memo = ''): Promise<Locator> {
  await tokenRow(page, 'TLOS').getByRole('button', { name: 'Send TLOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send TLOS' });
  await dialog.getByLabel('Recipient account').fill('bob');
  await dialog.getByLabel(/^Amount/).fill(amount);
  await dialog.getByLabel('Memo').fill(memo);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm and sign' }).click();
  return dialog;
}

function prompt(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Development wallet' });
}

/** The text of the element that has the focus. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent.trim() ?? '');
}

/** The TLOS amount alice's balance row shows, grouping separators aside. */
async function shownTlos(page: Page): Promise<string> {
  return (await tokenRow(page, 'TLOS').locator('td').first().innerText()).replaceAll(',', '');
}

/** `quantity` ("12.3456 TLOS") less `amount` ("0.0042"), at four decimals. */
function less(quantity: string, amount: string): string {
  const units = (text: string) => BigInt(text.replace('.', ''));
  const left = units(quantity.split(' ')[0] ?? '') - units(amount);
  const digits = left.toString().padStart(5, '0');
  return `${digits.slice(0, -4)}.${digits.slice(-4)} TLOS`;
}

describe('the native development wallet’s Sign/Reject prompt', () => {
  it('names the transfer in words; Reject and Escape send nothing and say what next; Sign sends it, by keyboard too', () =>
    withPage(async (page) => {
      await signInWithDevWallet(page, 'alice');
      const before = await chainBalance('alice');
      assert.ok(before !== null);
      const shownBefore = await shownTlos(page);

      const dialog = await confirmTransfer(page, '0.0042', 'asked first');
      const asked = prompt(page);
      await asked.waitFor({ timeout: 20_000 });
      await asked.getByText('Sign this transaction on Telos Native Devnet with the devnet key of alice@active?').waitFor();
      const action = asked.getByTestId('action-to-sign');
      assert.equal(await action.count(), 1, 'alice pays her own resources: one action, no sponsor’s');
      assert.equal(await action.getByTestId('action-words').innerText(), 'Send 0.0042 TLOS from alice to bob · asked first');
      await action.getByText('eosio.token::transfer · authorized by alice@active').waitFor();
      await asked.getByRole('heading', { name: 'What it does (1 action)' }).waitFor();
      await screenshot(page, 'zero-sign-prompt-1280');
      // Keyboard: focus is in the prompt (on its title, so Enter cannot sign by accident).
      assert.equal(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby') === document.activeElement?.id), true);

      await rejectInDevWallet(page);
      const refused = dialog.getByTestId('wallet-refused');
      await refused.getByText('You rejected the transaction', { exact: true }).waitFor();
      await refused.getByText('Nothing was signed or sent. Choose Confirm and sign to sign it again, or Edit to change the transfer.').waitFor();
      await screenshot(page, 'zero-sign-refused-1280');
      assert.equal(await chainBalance('alice'), before, 'a rejected transfer moves nothing');
      assert.equal(await shownTlos(page), shownBefore);

      // The keyboard carries on from the note: the next stop signs again, and Escape is Reject too.
      assert.equal(await refused.evaluate((note) => note === document.activeElement), true, 'focus is on the refusal');
      await page.keyboard.press('Tab');
      assert.equal(await focusedText(page), 'Confirm and sign');
      await page.keyboard.press('Enter');
      await asked.getByTestId('action-to-sign').waitFor();
      await page.keyboard.press('Escape');
      await asked.waitFor({ state: 'hidden' });
      await refused.getByText('You rejected the transaction', { exact: true }).waitFor();
      assert.equal(await chainBalance('alice'), before);

      // The way on: the same transfer, signed this time (with the keyboard alone).
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await asked.getByTestId('action-to-sign').getByText('Send 0.0042 TLOS from alice to bob · asked first').waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await focusedText(page), 'Sign');
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Sent 0.0042 TLOS to bob').waitFor({ timeout: 20_000 });
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await chainBalance('alice'), less(before, '0.0042'));
    }));

  for (const { width, colorScheme } of [
    { width: 390, colorScheme: 'light' },
    { width: 390, colorScheme: 'dark' },
    { width: 1280, colorScheme: 'dark' },
  ] as const) {
    it(`fits the window at ${width} px in the ${colorScheme} theme, Sign and Reject in reach`, () =>
      withPage(async (page) => {
        await signInWithDevWallet(page, 'alice');
        await confirmTransfer(page, '0.0001', 'a memo long enough to wrap on a phone, as people write them');
        const asked = prompt(page);
        await asked.getByTestId('action-to-sign').waitFor({ timeout: 20_000 });
        const fits = await asked.evaluate((dialog) => {
          const box = dialog.getBoundingClientRect();
          return { inside: box.left >= 0 && box.right <= window.innerWidth, scrollsSideways: dialog.scrollWidth > dialog.clientWidth };
        });
        assert.deepEqual(fits, { inside: true, scrollsSideways: false });
        for (const name of ['Sign', 'Reject']) {
          const box = await asked.getByRole('button', { name, exact: true }).boundingBox();
          assert.ok(box !== null && box.x >= 0 && box.x + box.width <= width, `${name} is within the window`);
        }
        await screenshot(page, `zero-sign-prompt-${width}${colorScheme === 'dark' ? '-dark' : ''}`);
        await rejectInDevWallet(page);
        await page.getByRole('dialog', { name: 'Send TLOS' }).getByTestId('wallet-refused').waitFor();
      }, { width, colorScheme }));
  }
});
