/**
 * The native (Telos Zero) area against the real stack: the local Leap devnet
 * (telos-native-devnet) behind tandem-server. Keys and seeded facts come from the
 * native devnet manifest (env TANDEM_NATIVE_DEVNET_MANIFEST); they are the devnet's
 * public test keys.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, inPage } from './browser';
import { signInDevWallet } from './devWalletPrompt';
import { chainRexValue, nativeManifest as manifest, signInWithDevWallet, tokenRow } from './nativeDevnet';

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

describe('native sign-in with the development wallet', () => {
  it('shows balances and resources, sends a token, sees it in history, signs out', () =>
    withPage(async (page) => {
      const { seeded } = manifest();
      await signInWithDevWallet(page, 'alice');
      assert.equal(new URL(page.url()).pathname, '/zero/balance');

      // Fiat values from the price service (the devnet's recorded sample figures, labelled so),
      // names and logos from the devnet's token list; TDM is not in it.
      await tokenRow(page, 'TLOS').locator('.zero-fiat').filter({ hasText: /^\$[\d,]+\.\d{2}$/ }).waitFor();
      await page.getByText('Sample data', { exact: true }).waitFor();
      await page.getByTestId('native-total').filter({ hasText: /^\$[\d,]+\.\d{2}$/ }).waitFor();
      await tokenRow(page, 'TLOS').getByText('Telos · eosio.token').waitFor();
      // The list's logo, loaded through the server's media proxy (it names the logo in `src`).
      const logo = tokenRow(page, 'SEEDS').locator('img');
      assert.match(decodeURIComponent((await logo.getAttribute('src')) ?? ''), /^\/api\/v1\/media\?src=http:\/\/127\.0\.0\.1:\d+\/tokens\/logos\/seeds\.svg&sig=/);
      await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await logo.elementHandle());
      await tokenRow(page, 'TDM').getByText('Unlisted', { exact: true }).waitFor();
      assert.equal(await tokenRow(page, 'SEEDS').getByText('Unlisted', { exact: true }).count(), 0);
      // Every seeded token with every decimal of its precision (grouping separators aside);
      // other specs send alice's TLOS, so its amount is checked by its form only.
      for (const token of seeded.balances.filter((b) => b.account === 'alice')) {
        const shown = (await tokenRow(page, token.symbol).locator('td').first().innerText()).replaceAll(',', '');
        if (token.symbol === 'TLOS') assert.match(shown, /^\d+\.\d{4} TLOS$/);
        else assert.equal(shown, token.amount);
      }
      await page.getByRole('region', { name: 'Resources' }).getByText('20.0000 TLOS').waitFor();
      await page.getByRole('meter', { name: /CPU: \d+% used/ }).waitFor();
      // Other specs stake into REX, and RAM fees grow the pool: the value is the chain's own, now.
      await page.getByTestId('rex-value').filter({ hasText: await chainRexValue('alice') }).waitFor();

      await tokenRow(page, 'TLOS').getByRole('button', { name: 'Send TLOS' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send TLOS' });
      await dialog.getByLabel('Recipient account').fill('Bob');
      await dialog.getByLabel(/^Amount/).fill('1.23456');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByText('An account name may only contain lowercase letters, digits 1 to 5 or a dot').waitFor();
      await dialog.getByText('You can only enter 4 decimal places').waitFor();
      // A recipient that does not exist is refused before anything is built or signed.
      await dialog.getByLabel('Recipient account').fill('nosuchacct1');
      await dialog.getByLabel(/^Amount/).fill('1.2345');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByText(/^Account does not exist: there is no account nosuchacct1/).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Confirm and sign' }).count(), 0);
      await dialog.getByLabel('Recipient account').fill('bob');
      await dialog.getByLabel('Memo').fill('e2e zero');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByText('1.2345 TLOS').waitFor();
      await dialog.getByRole('button', { name: 'Confirm and sign' }).click();

      // alice has resources of her own: the sponsor declines and the wallet signs normally.
      await signInDevWallet(page);
      await page.getByRole('status').getByText('Sent 1.2345 TLOS to bob').waitFor({ timeout: 20_000 });
      // The devnet has no explorer: See Transaction opens the transaction in the app.
      await page.getByRole('status').filter({ hasText: 'Sent 1.2345 TLOS to bob' }).getByRole('link', { name: 'See Transaction' }).click();
      await page.getByRole('region', { name: 'Look up a transaction' }).getByTestId('transaction-actions')
        .getByText('Sent 1.2345 TLOS from alice to bob · e2e zero').first().waitFor({ timeout: 20_000 });
      await page.getByRole('region', { name: 'History' }).getByText('Sent 1.2345 TLOS from alice to bob · e2e zero').waitFor({ timeout: 20_000 });

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('login') === 'zero');
      await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('tandem.native.account')), null);
      assert.equal(await page.evaluate(() => window.sessionStorage.getItem('tandem.devWalletKey')), null);
    }));

  it('is not offered for a network that is not the devnet', () =>
    withPage(async (page) => {
      await page.goto('/zero/balance');
      await page.getByRole('radio', { name: /Development wallet/ }).waitFor();
      const network = page.getByLabel('Network');
      if ((await network.count()) === 0) return; // only the devnet is served
      await network.selectOption('telos');
      await page.getByRole('radio', { name: /Command-line authenticator/ }).waitFor();
      assert.equal(await page.getByRole('radio', { name: /Development wallet/ }).count(), 0);
    }));
});

describe('viewer mode and lookups', () => {
  it('views any native account read-only from the home page', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('link', { name: /View Any Account/ }).click();
      await page.getByLabel('Account to view').fill('nosuchacct');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByText(/The account nosuchacct does not exist/).waitFor();
      await page.getByLabel('Account to view').fill('carol');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByTestId('zero-account').filter({ hasText: 'carol@active' }).waitFor();
      await page.getByText('Read-only', { exact: true }).waitFor();
      await tokenRow(page, 'TLOS').waitFor();
      assert.equal(await page.getByRole('button', { name: /^Send / }).count(), 0);

      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByTestId('no-profile').waitFor();
      await page.getByTestId('children').getByRole('link', { name: 'kid1.carol' }).click();
      await page.getByTestId('creator').getByRole('link', { name: 'carol' }).waitFor();
    }));

  it('receives: the account name, a QR code that scans back to it, copy and the memo hint', () =>
    withPage(async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/');
      await page.getByRole('link', { name: /View Any Account/ }).click();
      await page.getByLabel('Account to view').fill('carol');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByTestId('zero-account').filter({ hasText: 'carol@active' }).waitFor();
      await page.getByRole('button', { name: 'Receive', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Receive' });
      assert.equal(await dialog.getByTestId('zero-receive-account').innerText(), 'carol');
      await dialog.getByText(/A memo matters when you send to an exchange/).waitFor();
      const qr = dialog.getByRole('img', { name: 'QR code of the account carol' });
      await qr.waitFor();
      // Drawn on a canvas and read back as a scanner would.
      const pixels = await qr.evaluate(async (image: HTMLImageElement) => {
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 440;
        canvas.height = 440;
        const context = canvas.getContext('2d');
        if (context === null) throw new Error('no 2d canvas');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, 440, 440);
        context.drawImage(image, 0, 0, 440, 440);
        return Array.from(context.getImageData(0, 0, 440, 440).data);
      });
      const decoded = jsQR(Uint8ClampedArray.from(pixels), 440, 440);
      assert.equal(decoded?.data, 'carol', 'the QR code scans back to the account name');

      await dialog.getByRole('button', { name: 'Copy account name' }).click();
      await dialog.getByRole('button', { name: 'Copied', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'carol');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }));

  it('shows a profile row, linked permissions and proposals', () =>
    withPage(async (page) => {
      const { seeded } = manifest();
      await page.goto('/zero/profile?account=alice');
      const displayName = seeded.profile.display_name;
      assert.ok(displayName !== undefined);
      await page.getByRole('region', { name: 'Profile' }).getByText(displayName).waitFor();
      // Field names in words, not the contract's keys.
      await page.getByRole('region', { name: 'Profile' }).getByText('Display name', { exact: true }).waitFor();
      assert.equal(await page.getByText('display_name', { exact: true }).count(), 0);
      await page.getByTestId('links').getByText('transfer → eosio.token::transfer').waitFor();
      await page.getByTestId('proposals-proposer').getByText('alice/sendbob').waitFor();
      const bob = manifest().accounts.find((a) => a.name === 'bob' && a.permission === 'active');
      assert.ok(bob);
      await page.getByRole('textbox', { name: 'Public key' }).fill(bob.publicKey);
      await page.getByRole('region', { name: 'Accounts of a public key' }).getByRole('button', { name: 'Look up' }).click();
      await page.getByTestId('key-accounts').getByRole('link', { name: 'bob' }).waitFor();
    }));

  it('says once that an account does not exist, and reads a malformed key back in words at once', () =>
    withPage(async (page) => {
      await page.goto('/zero/profile?account=nosuchacct1');
      await page.getByTestId('account-missing').filter({ hasText: 'The account nosuchacct1 does not exist' }).waitFor();
      assert.equal(await page.getByText(/has no profile/).count(), 0);
      assert.equal(await page.getByText(/No creator is known/).count(), 0);

      const keyCard = page.getByRole('region', { name: 'Accounts of a public key' });
      await page.getByRole('textbox', { name: 'Public key' }).fill('notakey');
      const asked = Date.now();
      await keyCard.getByRole('button', { name: 'Look up' }).click();
      // A refusal that cannot change is not retried for seconds before it is shown.
      await keyCard.getByText(/This is not a public key/).waitFor({ timeout: 3_000 });
      assert.ok(Date.now() - asked < 3_000);
      assert.equal(await keyCard.getByText(/is not a valid public key/).count(), 0, 'no raw server text');
    }));

  it('searches the dapp list', () =>
    withPage(async (page) => {
      await page.goto('/zero/dappsearch');
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('exchange');
      await page.getByRole('link', { name: 'Alcor Exchange' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search apps' }).fill('nothing matches this');
      await page.getByText('No app matches. Try a shorter or different word.').waitFor();
    }));
});
