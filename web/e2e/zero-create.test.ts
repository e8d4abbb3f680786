/**
 * Create a New Account (issue 15) end to end on the native devnet: a creator signed in
 * with the development wallet, a basic name checked live against the chain, a key pair
 * made in the browser and shown once after a warning, its backup typed back, the cost
 * shown, the creator's signature — and then the new account signs in with its own key.
 * The refusals: no creator, a read-only one, a taken or malformed name, too little balance.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserForSpec } from './browser';
import { signInDevWallet } from './devWalletPrompt';
import { signInWithDevWallet, tokenRow } from './nativeDevnet';

const { withPage } = browserForSpec();

/** A basic name (12 of a-z, 1-5) no seeded account has. */
function freshName(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz12345';
  let suffix = '';
  for (let index = 0; index < 6; index += 1) suffix += alphabet[Math.floor(Math.random() * alphabet.length)] ?? 'a';
  return `tandem${suffix}`;
}

describe('create a new account', () => {
  it('says a creator must sign in first, and that a read-only account cannot pay', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: /Create a New Account/ }).click();
      await page.waitForURL((url) => url.pathname === '/zero/create-account');
      await page.getByTestId('no-creator').getByText(/Sign in with the account that pays/).waitFor();
      await page.getByRole('radio', { name: /View Any Account/ }).check();
      await page.getByLabel('Account to view').fill('carol');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByTestId('creator-cannot-sign').getByText(/carol is shown read-only, so it cannot pay/).waitFor();
    }));

  it('refuses a creator without enough balance, with nothing signed', () =>
    withPage(async (page) => {
      // kid2.carol holds 1 TLOS: less than the RAM and the two 0.5 TLOS stakes.
      await signInWithDevWallet(page, 'kid2.carol');
      await page.goto('/zero/create-account');
      await page.getByLabel('New account name').fill(freshName());
      await page.getByText(/is free\.$/).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel(/I understand/).check();
      await page.getByRole('button', { name: 'Show my keys' }).click();
      const key = await page.getByTestId('new-private-key').innerText();
      await page.getByLabel(/type the last 6 characters/).fill(key.slice(-6));
      await page.getByRole('button', { name: 'I saved it: continue' }).click();
      await page.getByTestId('too-poor').getByText(/^Balance too low: the new account costs 1\.\d{4} TLOS and kid2\.carol has 1\.0000 TLOS\. Nothing was signed\.$/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Create account and sign' }).isDisabled(), true);
    }));

  it('creates an account paid by alice, with a backed-up key made in the browser, and signs in as it', () =>
    withPage(async (page) => {
      await signInWithDevWallet(page, 'alice');
      await page.getByRole('link', { name: 'Create a New Account' }).click();
      const name = page.getByLabel('New account name');
      const status = page.getByTestId('name-status');
      await name.fill('alice');
      await status.getByText('A basic account name must be exactly 12 lowercase letters and digits 1-5').waitFor();
      await name.fill('Greymassfuel');
      await status.getByText('An account name may only contain lowercase letters, digits 1 to 5 or a dot').waitFor();
      await name.fill('greymassfuel');
      await status.getByText(/^Account already exists: greymassfuel is taken/).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), true);
      const newName = freshName();
      await name.fill(newName);
      await status.getByText(`${newName} is free.`).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();

      // Spec §5: a warning, confirmed, before the private key is shown.
      const show = page.getByRole('button', { name: 'Show my keys' });
      assert.equal(await show.isDisabled(), true);
      await page.getByLabel(/I understand/).check();
      await show.click();
      const privateKey = await page.getByTestId('new-private-key').innerText();
      const publicKey = await page.getByTestId('new-public-key').innerText();
      assert.match(privateKey, /^5[1-9A-HJ-NP-Za-km-z]{50}$/);
      assert.match(publicKey, /^EOS[1-9A-HJ-NP-Za-km-z]{50}$/);
      await page.getByLabel(/type the last 6 characters/).fill('wrong1');
      await page.getByRole('button', { name: 'I saved it: continue' }).click();
      await page.getByText(/Those are not the last 6 characters/).waitFor();
      await page.getByLabel(/type the last 6 characters/).fill(privateKey.slice(-6));
      await page.getByRole('button', { name: 'I saved it: continue' }).click();
      // Shown once: the private key is gone from the page.
      assert.equal(await page.getByTestId('new-private-key').count(), 0);

      await page.getByTestId('creation-total').getByText(/^1\.\d{4} TLOS$/).waitFor();
      await page.getByRole('button', { name: 'Create account and sign' }).click();
      // The development wallet names what alice signs before she signs it.
      const prompt = page.getByRole('dialog', { name: 'Development wallet' });
      await prompt.getByTestId('action-to-sign').getByText(`Create the account ${newName} (by alice)`).waitFor({ timeout: 20_000 });
      await prompt.getByTestId('action-to-sign').getByText(new RegExp(`^Buy \\d+ bytes of RAM for ${newName} \\(paid by alice\\)$`)).waitFor();
      await signInDevWallet(page);
      await page.getByTestId('account-created').getByText(`${newName} was created on Telos Native Devnet.`).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: `Sign in as ${newName}` }).click();
      await page.getByTestId('zero-account').filter({ hasText: `${newName}@active` }).waitFor();
      await page.getByRole('region', { name: 'Resources' }).getByText('1.0000 TLOS').waitFor();
      await tokenRow(page, 'TLOS').waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('tandem.native.account')), newName);
      // The chain knows the saved key as the new account's: signing out and in again with it
      // through the development wallet finds the account by its key.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await signInWithDevWallet(page, newName, privateKey);
    }));
});
