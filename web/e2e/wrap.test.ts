/**
 * Wrap TLOS against the real stack (tandem-server on the anvil devnet), signed by
 * the development wallet. The account is anvil's development account 6: funded
 * by anvil, seeded with nothing and used by no other spec, so every change seen
 * here is this spec's own; still, every check is relative to a chain read taken
 * just before the action. Transactions the test itself sends (to set up a
 * revert) go straight to the node, where anvil's accounts are unlocked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import { launchBrowser, inPage, openPage, WEB_VERSION } from './browser';
import { chain, confirmAndSign, ERC20_ABI, evmManifest, exactText, shownExact, waitForExact, rejectInDevWallet, signInWithDevKey, walletBalanceRow, anvilAccount } from './evmDevnet';

const WRAPPER = anvilAccount(6);
const WTLOS_WRITE = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function deposit() payable']);
const SINK: Address = '0x000000000000000000000000000000000000dEaD';

/** A JSON-RPC call straight to the devnet's node (anvil's accounts are unlocked there). */
async function nodeRequest(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(evmManifest().rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message ?? 'unknown error'}`);
  return body.result;
}

/** Sends a transaction from an unlocked anvil account on the node and waits until it is mined. */
async function sendOnNode(transaction: Record<string, string>) {
  const hash = await nodeRequest('eth_sendTransaction', [transaction]);
  if (typeof hash !== 'string') throw new Error('the node answered no transaction hash');
  return chain().waitForTransactionReceipt({ hash: hash as `0x${string}` });
}

let browser: Browser;

/**
 * anvil funds its development accounts at genesis, which the devnet's built-in
 * index does not see until the account's first transaction: one zero-value
 * transaction to itself makes the server's balances match the chain.
 */
async function touch(address: Address) {
  await sendOnNode({ from: address, to: address, value: '0x0' });
}

before(async () => {
  browser = await launchBrowser();
  await touch(WRAPPER.address);
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width });
}

function wtlos(): Address {
  const address = evmManifest().contracts.WTLOS;
  if (!address) throw new Error('the manifest has no WTLOS contract');
  return address;
}

async function chainBalances(address: Address) {
  const client = chain();
  const [tlos, wrapped] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: wtlos(), abi: ERC20_ABI, functionName: 'balanceOf', args: [address] }),
  ]);
  return { tlos, wtlos: wrapped };
}

/** Moves all the WTLOS `address` holds to a sink, straight on the node. */
async function giveAwayWtlos(address: Address) {
  const held = (await chainBalances(address)).wtlos;
  if (held > 0n) await sendOnNode({ from: address, to: wtlos(), data: encodeFunctionData({ abi: WTLOS_WRITE, functionName: 'transfer', args: [SINK, held] }) });
}

/** Home → Development wallet (devnet only) → the key → Connect, then the Wrap TLOS screen. */
async function openWrapAs(page: Page, privateKey: string) {
  await signInWithDevKey(page, privateKey);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wrap TLOS' }).click();
  await page.getByRole('heading', { level: 1, name: 'Wrap TLOS' }).waitFor();
}

function balanceCell(page: Page, symbol: string) {
  return page.getByRole('region', { name: 'Your balances' }).locator('dt', { hasText: new RegExp(`^${symbol}$`) }).locator('xpath=following-sibling::dd').locator('data');
}

/** Waits until the screen shows `expected` wei for `symbol` (balances refresh after the receipt). */
async function waitForShownBalance(page: Page, symbol: string, expected: bigint) {
  const cell = balanceCell(page, symbol);
  const deadline = Date.now() + 40_000;
  let shown: string | null = null;
  while (Date.now() < deadline) {
    shown = await cell.getAttribute('value');
    if (shown === expected.toString()) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`${symbol} on screen is ${String(shown)} wei, the chain says ${expected.toString()}`);
}

/**
 * Holds every balances request of the page until `release`: while held, what a screen
 * shows of the balances can only be what the app already read, never a fresh answer.
 */
async function holdBalanceReads(page: Page): Promise<{ release: () => Promise<void> }> {
  const pattern = /\/api\/v1\/evm\/[^/]+\/accounts\/0x[0-9a-fA-F]{40}\/balances(\?|$)/;
  const held: Route[] = [];
  let holding = true;
  const handler = (route: Route) => {
    if (holding) held.push(route);
    else void route.continue();
  };
  await page.route(pattern, handler);
  return {
    release: async () => {
      holding = false;
      // A request the page gave up on meanwhile (a cancelled query) is already settled.
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
      await page.unroute(pattern, handler);
    },
  };
}

function review(page: Page) {
  return page.getByRole('dialog', { name: 'Review the transaction' });
}

describe('Wrap TLOS', () => {
  it('wraps TLOS into WTLOS, then unwraps it, and both balances change on screen and on chain', () =>
    withPage(async (page) => {
      await openWrapAs(page, WRAPPER.privateKey);
      const start = await chainBalances(WRAPPER.address);
      await waitForShownBalance(page, 'TLOS', start.tlos);
      await waitForShownBalance(page, 'WTLOS', start.wtlos);

      // Wrap 2.5 TLOS: the form shows the balances it leaves before anything is signed.
      await page.getByLabel('Amount (TLOS)').fill('2.5');
      const preview = page.locator('.wrap-form .wrap-preview');
      await preview.getByText('Your balances after this transaction').waitFor();
      assert.equal(await preview.locator('dt', { hasText: 'WTLOS' }).locator('xpath=following-sibling::dd').locator('strong data').getAttribute('value'), (start.wtlos + parseEther('2.5')).toString());
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      assert.equal(await confirmAndSign(page), 'Wrap 2.5 TLOS into WTLOS');

      const wrapped = await chainBalances(WRAPPER.address);
      assert.equal(wrapped.wtlos - start.wtlos, parseEther('2.5'), 'WTLOS grew by the amount');
      const spent = start.tlos - wrapped.tlos;
      assert.ok(spent > parseEther('2.5') && spent < parseEther('2.51'), `TLOS went down by the amount and a fee: ${spent.toString()}`);
      await waitForShownBalance(page, 'TLOS', wrapped.tlos);
      await waitForShownBalance(page, 'WTLOS', wrapped.wtlos);

      // Unwrap all of it with Max.
      await page.getByRole('radio', { name: 'Unwrap WTLOS into TLOS' }).check();
      await page.getByRole('button', { name: 'Max' }).click();
      const amount = page.getByLabel('Amount (WTLOS)');
      assert.equal((await amount.inputValue()).replaceAll(',', ''), '2.5');
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      assert.equal(await confirmAndSign(page), 'Unwrap 2.5 WTLOS into TLOS');

      const unwrapped = await chainBalances(WRAPPER.address);
      assert.equal(unwrapped.wtlos, wrapped.wtlos - parseEther('2.5'), 'WTLOS went back down');
      const gained = unwrapped.tlos - wrapped.tlos;
      assert.ok(gained < parseEther('2.5') && gained > parseEther('2.49'), `TLOS came back less the fee: ${gained.toString()}`);
      await waitForShownBalance(page, 'TLOS', unwrapped.tlos);
      await waitForShownBalance(page, 'WTLOS', unwrapped.wtlos);
    }));

  it('opens the unwrap review right after a wrap only with the balances the chain holds', () =>
    withPage(async (page) => {
      try {
        await openWrapAs(page, WRAPPER.privateKey);
        const start = await chainBalances(WRAPPER.address);
        await waitForShownBalance(page, 'WTLOS', start.wtlos);
        await page.getByLabel('Amount (TLOS)').fill('1');
        await page.getByRole('button', { name: 'Review', exact: true }).click();
        assert.equal(await confirmAndSign(page), 'Wrap 1 TLOS into WTLOS');
        const wrapped = await chainBalances(WRAPPER.address);

        // At once, without waiting for the balances on screen: the form holds the review back
        // (saying why) until they are read after the wrap.
        await page.getByRole('radio', { name: 'Unwrap WTLOS into TLOS' }).check();
        await page.getByLabel('Amount (WTLOS)').fill('0.5');
        const reviewButton = page.getByRole('button', { name: 'Review', exact: true });
        await page.waitForFunction(() => document.querySelector('.wrap-form button[type="submit"]:not([disabled])') !== null && !document.body.innerText.includes('Updating your balances'));
        await reviewButton.click();
        const before = review(page).locator('.wrap-preview dt', { hasText: 'WTLOS' }).locator('xpath=following-sibling::dd').locator('data').first();
        await before.waitFor();
        assert.equal(await before.getAttribute('value'), wrapped.wtlos.toString(), 'the review starts from the WTLOS the chain holds');
        await review(page).getByRole('button', { name: 'Cancel' }).click();
      } finally {
        await giveAwayWtlos(WRAPPER.address);
      }
    }));

  it('shows the new TLOS and WTLOS on the wallet at once when it is opened after a wrap, without a reload', () =>
    withPage(async (page) => {
      try {
        // Signing in lands on the wallet, which reads the balances before the wrap.
        await signInWithDevKey(page, WRAPPER.privateKey);
        const start = await chainBalances(WRAPPER.address);
        await waitForExact(walletBalanceRow(page, 'TLOS').getByRole('cell').first(), exactText(start.tlos, 18));

        const main = page.getByRole('navigation', { name: 'Main' });
        await main.getByRole('link', { name: 'Wrap TLOS' }).click();
        await page.getByRole('heading', { level: 1, name: 'Wrap TLOS' }).waitFor();
        await page.getByLabel('Amount (TLOS)').fill('1.5');
        await page.getByRole('button', { name: 'Review', exact: true }).click();
        assert.equal(await confirmAndSign(page), 'Wrap 1.5 TLOS into WTLOS');
        const wrapped = await chainBalances(WRAPPER.address);
        assert.equal(wrapped.wtlos - start.wtlos, parseEther('1.5'), 'WTLOS grew by the amount');
        await waitForShownBalance(page, 'TLOS', wrapped.tlos);
        await waitForShownBalance(page, 'WTLOS', wrapped.wtlos);

        // Back to the wallet in the same document, with the server not answering balances
        // meanwhile: the rows it draws are what the wrap screen already read, at once.
        await page.evaluate(() => Object.assign(window, { wrapSpecDocument: true }));
        const held = await holdBalanceReads(page);
        try {
          await main.getByRole('link', { name: 'Wallet' }).click();
          await page.getByRole('heading', { level: 1, name: 'EVM wallet' }).waitFor();
          assert.equal(await page.evaluate(() => 'wrapSpecDocument' in window), true, 'the wallet opened without a reload');
          const amountCell = (symbol: string) => walletBalanceRow(page, symbol).getByRole('cell').first();
          await amountCell('WTLOS').waitFor();
          assert.equal(await shownExact(amountCell('TLOS')), exactText(wrapped.tlos, 18), 'the wallet shows the TLOS left after the wrap');
          assert.equal(await shownExact(amountCell('WTLOS')), exactText(wrapped.wtlos, 18), 'the wallet shows the WTLOS the wrap made');
        } finally {
          await held.release();
        }
      } finally {
        // The other tests expect an account without WTLOS.
        await giveAwayWtlos(WRAPPER.address);
      }
    }));

  it('checks the amount against the right balance with the spec’s messages', () =>
    withPage(async (page) => {
      await openWrapAs(page, WRAPPER.privateKey);
      const amount = page.getByLabel('Amount (TLOS)');
      const alert = page.locator('.wrap-form .amount-field__error');
      await amount.fill('1.0000000000000000001');
      await alert.getByText('You can only enter 18 decimal places').waitFor();
      await amount.fill('100000');
      await alert.getByText('Balance too low').waitFor();
      await amount.fill('0');
      await alert.getByText('Enter an amount greater than zero').waitFor();
      await amount.fill('');
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      await alert.getByText('Amount required').waitFor();

      // Max when wrapping keeps TLOS for the fee.
      const { tlos } = await chainBalances(WRAPPER.address);
      await page.getByRole('button', { name: 'Max' }).click();
      await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('.wrap-form input[inputmode="decimal"]')?.value ?? '') !== '');
      const max = parseEther((await amount.inputValue()).replaceAll(',', ''));
      assert.ok(max < tlos && max > tlos - parseEther('1'), `Max ${max.toString()} leaves a little of ${tlos.toString()} for the fee`);

      // Unwrapping is checked against WTLOS, which this account does not hold.
      await page.getByRole('radio', { name: 'Unwrap WTLOS into TLOS' }).check();
      await page.getByLabel('Amount (WTLOS)').fill('1');
      await alert.getByText('Balance too low').waitFor();
    }));

  it('says "You rejected the transaction" when the signature is refused, and nothing moves', () =>
    withPage(async (page) => {
      await openWrapAs(page, WRAPPER.privateKey);
      const nonce = await chain().getTransactionCount({ address: WRAPPER.address });
      await page.getByLabel('Amount (TLOS)').fill('1');
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await rejectInDevWallet(page);
      await page.locator('.toaster').getByText('You rejected the transaction').waitFor();
      // Back to the review: the user may confirm again or cancel.
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      await review(page).getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await chain().getTransactionCount({ address: WRAPPER.address }), nonce, 'nothing was sent');
    }));

  it('shows the unwrap failure message when the unwrap reverts on chain', () =>
    withPage(async (page) => {
      // One WTLOS to unwrap, wrapped straight on the node.
      await sendOnNode({ from: WRAPPER.address, to: wtlos(), value: `0x${parseEther('1').toString(16)}`, data: encodeFunctionData({ abi: WTLOS_WRITE, functionName: 'deposit' }) });

      await openWrapAs(page, WRAPPER.privateKey);
      await page.getByRole('radio', { name: 'Unwrap WTLOS into TLOS' }).check();
      const held = (await chainBalances(WRAPPER.address)).wtlos;
      await waitForShownBalance(page, 'WTLOS', held);
      await page.getByRole('button', { name: 'Max' }).click();
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).waitFor();

      // While the review is open, the WTLOS leaves the account elsewhere: the prepared unwrap now reverts.
      await sendOnNode({ from: WRAPPER.address, to: wtlos(), data: encodeFunctionData({ abi: WTLOS_WRITE, functionName: 'transfer', args: [SINK, held] }) });

      await review(page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await page.getByRole('dialog', { name: 'Development wallet' }).getByRole('button', { name: 'Sign' }).click();
      await page.locator('.toaster').getByText(/^Unwrapping failed: The transaction failed on chain \(reverted\)/).waitFor({ timeout: 30_000 });
      assert.equal((await chainBalances(WRAPPER.address)).wtlos, 0n);
    }));

  it('shows a viewer the balances and asks to connect a wallet instead of the form', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(WRAPPER.address);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.goto('/evm/wrap');
      await page.getByRole('heading', { name: 'Connect your wallet to wrap or unwrap' }).waitFor();
      await page.getByText(/viewing this address read-only/).waitFor();
      await waitForShownBalance(page, 'TLOS', (await chainBalances(WRAPPER.address)).tlos);
      assert.equal(await page.getByLabel('Amount (TLOS)').count(), 0, 'no form for a viewer');
    }, 360));

  it('says wrap/unwrap is not supported on the native chain for a native session', async () => {
    const { context, page } = await openPage(browser);
    try {
      // A native session only (as a build with one session at a time stored it; the app moves it to its own keys).
      await context.addInitScript((version) => {
        window.localStorage.setItem('account', 'alice');
        window.localStorage.setItem('network', 'telos-native-devnet');
        window.localStorage.setItem('isNative', 'true');
        window.localStorage.setItem('autoLogin', 'viewer');
        window.localStorage.setItem('tandem.appVersion', version);
      }, WEB_VERSION);
      await page.goto('/evm/wrap');
      // The guard sends a native-only session home, whose note says why before how to go on.
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('note').getByText(/^Wrap\/unwrap not supported on the native chain/).waitFor();
      assert.equal(await page.getByLabel('Amount (TLOS)').count(), 0);
    } finally {
      await context.close();
    }
  });
});
