/**
 * Sending on the EVM devnet with the development wallet, as a user does it: the
 * wallet page's balances and Send links, the send form's checks with the spec's
 * messages, the review → sign → receipt flow, and what really happened on chain.
 *
 * dave sends: no other spec asserts his balances (evm-wallet.test.ts only looks for
 * his seeded contract-creation row, which stays on the first history page). The
 * recipient is a development address that no seeded fact mentions. Every check is
 * relative to a chain read taken just before the action.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { parseUnits, type Address } from 'viem';
import { launchBrowser, inPage } from './browser';
import { chain, connectDevWallet, ERC20_ABI, evmAccount, evmManifest, exactText, waitForExact, rejectInDevWallet, signInDevWallet, walletBalanceRow } from './evmDevnet';

/** anvil's 7th development account: funded by anvil, untouched by the seeding. */
const RECIPIENT: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const SENDER = 'dave';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width, height: 900 });
}

/** The same without grouping, as typed into the amount field. */
function plainText(raw: bigint, decimals: number): string {
  return exactText(raw, decimals).replaceAll(',', '');
}

function sendForm(page: Page) {
  return page.getByRole('form', { name: 'Send' });
}

function tokenAddress(symbol: string): Address {
  const address = evmManifest().contracts[symbol];
  if (!address) throw new Error(`the manifest has no ${symbol} contract`);
  return address;
}

/** Picks a token in the form's list by its symbol (the option reads "GEMS · 8.75 available"). */
async function selectToken(page: Page, symbol: string) {
  const picker = sendForm(page).getByLabel('Token');
  const labels = await picker.locator('option').allInnerTexts();
  const label = labels.find((text) => text.startsWith(`${symbol} · `));
  assert.ok(label, `the token list offers ${symbol}: ${labels.join(' | ')}`);
  await picker.selectOption({ label });
}

async function fillSend(page: Page, { to, amount }: { to: string; amount: string }) {
  const form = sendForm(page);
  await form.getByLabel('Recipient address').fill(to);
  await form.getByLabel(/^Amount/).fill(amount);
}

/** Review → Confirm in wallet → Sign → receipt; answers the summary and the transaction hash. */
async function reviewConfirmAndSign(page: Page): Promise<{ summary: string; hash: `0x${string}` }> {
  await sendForm(page).getByTestId('evm-send-fee').waitFor();
  await sendForm(page).getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('dialog', { name: 'Review the transaction' });
  const confirm = review.getByRole('button', { name: 'Confirm in wallet' });
  await confirm.waitFor();
  const summary = await review.locator('.tx-dialog__summary').innerText();
  await confirm.click();
  await signInDevWallet(page);
  await review.getByText(/Confirmed in block \d+/).waitFor({ timeout: 30_000 });
  const hash = /0x[0-9a-fA-F]{64}/.exec(await review.locator('.tx-dialog__hash').innerText())?.[0];
  assert.ok(hash, 'the dialog shows the transaction hash');
  // Raised while the modal dialog is open, the success toast shows inside it, not inert under its backdrop.
  await review.locator('.toaster .toast--success').first().waitFor();
  await review.getByRole('button', { name: 'Close' }).click();
  await review.waitFor({ state: 'hidden' });
  await page.locator('dialog .toaster').waitFor({ state: 'detached' });
  await page.locator('.toaster .toast--success').first().waitFor();
  return { summary, hash: hash as `0x${string}` };
}

describe('EVM wallet with the development wallet', () => {
  it('connects from home and shows the balances with fiat values and Send links', () =>
    withPage(async (page) => {
      const dave = evmAccount(SENDER).address;
      await connectDevWallet(page, SENDER);
      await page.locator('.page__account').getByText(dave, { exact: true }).waitFor();
      assert.equal(await page.getByText('Read-only', { exact: true }).count(), 0, 'a connected wallet is not read-only');
      for (const symbol of ['TLOS', 'GEMS']) {
        const row = walletBalanceRow(page, symbol);
        await row.waitFor();
        const value = await row.getByRole('cell').nth(2).innerText();
        assert.match(value, /\$\s?\d/, `${symbol} has a fiat value: ${value}`);
        await row.getByRole('link', { name: `Send ${symbol}` }).waitFor();
      }
      assert.match(await page.getByRole('region', { name: 'Balances' }).locator('.evm-total__value').innerText(), /^\$\d/);
      await page.getByRole('link', { name: 'Send', exact: true }).waitFor();
    }));
});

describe('EVM send', () => {
  it('sends TLOS, then an ERC-20, and both balances change on chain and on screen', () =>
    withPage(async (page) => {
      const dave = evmAccount(SENDER).address;
      const gems = tokenAddress('GEMS');
      const client = chain();
      await connectDevWallet(page, SENDER);

      // TLOS, from the balance row's Send link.
      await walletBalanceRow(page, 'TLOS').getByRole('link', { name: 'Send TLOS' }).click();
      await page.getByRole('heading', { level: 1, name: 'Send' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('token'), 'TLOS');
      await fillSend(page, { to: RECIPIENT, amount: '0.5' });
      const tlosBefore = { dave: await client.getBalance({ address: dave }), recipient: await client.getBalance({ address: RECIPIENT }) };
      const tlos = await reviewConfirmAndSign(page);
      assert.match(tlos.summary, /^Send 0\.5 TLOS to 0x976E/);
      await page.getByRole('status').filter({ hasText: 'Sent 0.5 TLOS' }).waitFor();
      const receipt = await client.getTransactionReceipt({ hash: tlos.hash });
      assert.equal(receipt.status, 'success');
      const fee = receipt.gasUsed * receipt.effectiveGasPrice;
      const daveTlos = await client.getBalance({ address: dave });
      assert.equal(daveTlos, tlosBefore.dave - parseUnits('0.5', 18) - fee, 'dave paid 0.5 TLOS and the fee');
      assert.equal(await client.getBalance({ address: RECIPIENT }), tlosBefore.recipient + parseUnits('0.5', 18));
      // The form is empty again for the next send.
      assert.equal(await sendForm(page).getByLabel('Recipient address').inputValue(), '');

      // GEMS, picked in the form's token list.
      await selectToken(page, 'GEMS');
      assert.equal(new URL(page.url()).searchParams.get('token'), 'GEMS');
      await fillSend(page, { to: RECIPIENT, amount: '1.25' });
      const gemsBefore = {
        dave: await client.readContract({ address: gems, abi: ERC20_ABI, functionName: 'balanceOf', args: [dave] }),
        recipient: await client.readContract({ address: gems, abi: ERC20_ABI, functionName: 'balanceOf', args: [RECIPIENT] }),
      };
      const token = await reviewConfirmAndSign(page);
      assert.match(token.summary, /^Send 1\.25 GEMS to 0x976E/);
      const daveGems = await client.readContract({ address: gems, abi: ERC20_ABI, functionName: 'balanceOf', args: [dave] });
      assert.equal(daveGems, gemsBefore.dave - parseUnits('1.25', 18));
      assert.equal(
        await client.readContract({ address: gems, abi: ERC20_ABI, functionName: 'balanceOf', args: [RECIPIENT] }),
        gemsBefore.recipient + parseUnits('1.25', 18),
      );
      const daveTlosAfterGems = await client.getBalance({ address: dave });

      // The wallet page shows both new balances (the server re-reads them at most every 10 s).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
      await waitForExact(walletBalanceRow(page, 'TLOS').getByRole('cell').first(), exactText(daveTlosAfterGems, 18));
      await waitForExact(walletBalanceRow(page, 'GEMS').getByRole('cell').first(), exactText(daveGems, 18));
    }));

  it('shows the spec messages for too many decimals, a bad checksum and an amount above the balance, and sends nothing', () =>
    withPage(async (page) => {
      const dave = evmAccount(SENDER).address;
      const client = chain();
      const nonce = await client.getTransactionCount({ address: dave });
      await connectDevWallet(page, SENDER);
      await page.goto('/evm/send?token=TLOS');
      const form = sendForm(page);
      await form.waitFor();
      const alert = (text: string) => form.getByRole('alert').filter({ hasText: text });

      await form.getByRole('button', { name: 'Review' }).click();
      await alert('Address required').waitFor();
      await alert('Amount required').waitFor();

      await fillSend(page, { to: RECIPIENT, amount: '0.0000000000000000001' });
      await alert('You can only enter 18 decimal places').waitFor();

      // One letter of a checksummed address in the wrong case.
      const badChecksum = RECIPIENT.replace('EA7', 'ea7');
      assert.notEqual(badChecksum, RECIPIENT);
      await form.getByLabel('Recipient address').fill(badChecksum);
      await alert('Invalid checksum address').waitFor();
      await form.getByLabel('Recipient address').fill('0x1234');
      await form.getByLabel('Recipient address').press('Tab');
      await alert('Invalid address').waitFor();
      await form.getByLabel('Recipient address').fill(RECIPIENT.toLowerCase());
      await form.getByText('Address is lowercase, verify it').waitFor();

      // The zero address is warned about in the review, before the wallet opens.
      await fillSend(page, { to: '0x0000000000000000000000000000000000000000', amount: '1' });
      await form.getByTestId('evm-send-fee').waitFor();
      await form.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('note').filter({ hasText: 'This is the zero address' }).waitFor();
      await review.getByRole('button', { name: 'Cancel' }).click();
      await review.waitFor({ state: 'hidden' });

      await form.getByLabel('Recipient address').fill(dave);
      await form.getByText('This is your own address').waitFor();

      await form.getByLabel(/^Amount/).fill('100000');
      await alert('Balance too low').waitFor();
      assert.equal(await form.getByLabel(/^Amount/).getAttribute('aria-invalid'), 'true');

      // The whole balance passes the browser's check, but leaves nothing for the fee: the server says so under the amount.
      const balance = await client.getBalance({ address: dave });
      await form.getByLabel('Recipient address').fill(RECIPIENT);
      await form.getByLabel(/^Amount/).fill(plainText(balance, 18));
      await alert("You don't have enough funds to complete this transaction").waitFor();

      // Max keeps the fee: the gas limit the wallet signs with at the node's gas price.
      await form.getByRole('button', { name: 'Max' }).click();
      await form.getByText(/Max keeps [\d.]+ TLOS for the network fee/).waitFor();
      const max = await form.getByLabel(/^Amount/).inputValue();
      const reserve = balance - parseUnits(max, 18);
      // A plain TLOS transfer estimates 21,000 gas; the wallet signs with 20 % more, at the prepared gas price.
      assert.ok(reserve > 0n && reserve % 25_200n === 0n, `Max leaves 25,200 gas × the gas price: ${reserve}`);
      await form.getByTestId('evm-send-fee').waitFor();
      assert.equal(await form.getByRole('alert').count(), 0, 'the Max amount is accepted');

      // An ERC-20 is checked against its own balance and decimals.
      await selectToken(page, 'GEMS');
      await form.getByLabel(/^Amount/).fill('1000000');
      await alert('Balance too low').waitFor();

      assert.equal(await client.getTransactionCount({ address: dave }), nonce, 'nothing was sent');
    }));

  it('a signature rejected in the wallet shows "You rejected the transaction" and sends nothing', () =>
    withPage(async (page) => {
      const dave = evmAccount(SENDER).address;
      const client = chain();
      await connectDevWallet(page, SENDER);
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await fillSend(page, { to: RECIPIENT, amount: '0.25' });
      await sendForm(page).getByTestId('evm-send-fee').waitFor();
      const nonce = await client.getTransactionCount({ address: dave });
      const recipientBefore = await client.getBalance({ address: RECIPIENT });

      await sendForm(page).getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      await rejectInDevWallet(page);
      await page.getByRole('status').filter({ hasText: 'You rejected the transaction' }).waitFor();
      // Back to the review, free to confirm again or cancel.
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      await review.getByRole('button', { name: 'Cancel' }).click();
      await review.waitFor({ state: 'hidden' });
      assert.equal(await sendForm(page).getByLabel(/^Amount/).inputValue(), '0.25', 'the form keeps what was typed');

      assert.equal(await client.getTransactionCount({ address: dave }), nonce);
      assert.equal(await client.getBalance({ address: RECIPIENT }), recipientBefore);
    }));

  it('is usable at 360 px with the keyboard alone', () =>
    withPage(async (page) => {
      await connectDevWallet(page, SENDER);
      await page.goto('/evm/send');
      const form = sendForm(page);
      await form.getByLabel('Token').waitFor();
      await form.getByLabel('Recipient address').focus();
      await page.keyboard.type(RECIPIENT);
      // Past the recipient's own actions (scan, address book) to the amount, by Tab alone.
      const amount = form.getByLabel(/^Amount/);
      for (let step = 0; step < 6 && !(await amount.evaluate((field) => field === document.activeElement)); step += 1) {
        await page.keyboard.press('Tab');
      }
      await page.keyboard.type('0.1');
      await form.getByTestId('evm-send-fee').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(overflow, false, 'nothing scrolls sideways');
      await page.keyboard.press('Enter');
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      await page.keyboard.press('Escape');
      await review.waitFor({ state: 'hidden' });
    }, 360));

  it('tells a read-only viewer to connect the wallet instead of showing a form', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(evmAccount(SENDER).address);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Send TLOS' }).count(), 0, 'no per-token Send links for a viewer');
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      const panel = page.getByRole('region', { name: 'This account is open read-only' });
      await panel.waitFor();
      assert.equal(await sendForm(page).count(), 0);
      await panel.getByRole('link', { name: 'Connect Wallet' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
    }));
});
