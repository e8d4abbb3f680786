/**
 * Choosing the EVM network (spec §4) as a wallet user does, with the injected test
 * wallet: the first notice after sign-in names the account; the chooser moves from
 * the devnet to telos-evm-testnet and back, each with a success notice (and, once, a
 * neutral message that the testnet's unreachable data source may be out of sync); a chain
 * the wallet does not know (Telos EVM mainnet, 4902) is added to it; a wallet that
 * refuses the switch (4001) gets a neutral message and the network stays; and a wallet that changes chain on
 * its own while a send review is open is flagged there, with signing blocked until
 * it is switched back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { toHex } from 'viem';
import { baseUrl, inPage, launchBrowser } from './browser';
import { evmAccount, evmManifest } from './evmDevnet';
import { emitChainChanged, fakeWalletScript, walletCalls } from './fakeWallet';

const TESTNET = { name: 'telos-evm-testnet', chainId: toHex(41) };
const MAINNET = { name: 'telos-evm', chainId: toHex(40) };
/** anvil's 7th development account: funded by anvil, untouched by the seeding. */
const RECIPIENT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page, context: BrowserContext) => Promise<void>) {
  return inPage(browser, run);
}

async function displayName(network: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/v1/networks`);
  const body = (await response.json()) as { networks: { name: string; displayName: string }[] };
  const found = body.networks.find((candidate) => candidate.name === network);
  if (!found) throw new Error(`the server does not serve ${network}`);
  return found.displayName;
}

/** Home → Connect Test Wallet → the wallet page, with the first notice naming the account. */
async function connectTestWallet(page: Page, account: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: /^Connect Test Wallet/ }).click();
  await page.waitForURL((url) => url.pathname === '/evm/wallet');
  const devnet = await displayName(evmManifest().network);
  await page.getByRole('status').filter({ hasText: `Switched to ${devnet}, connected as ${account}` }).waitFor();
}

const chooser = (page: Page) => page.getByLabel('EVM network');
const storedNetwork = (page: Page) => page.evaluate(() => window.localStorage.getItem('network'));

describe('EVM network chooser', () => {
  it('switches from the devnet to telos-evm-testnet and back, with a success notice each time', () =>
    withPage(async (page, context) => {
      const carol = evmAccount('carol').address;
      const devnet = evmManifest();
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true }) });
      await connectTestWallet(page, carol);
      assert.equal(await chooser(page).inputValue(), devnet.network);
      const before = (await walletCalls(page)).length;

      await chooser(page).selectOption(TESTNET.name);
      await page.getByRole('status').filter({ hasText: `Switched to ${await displayName(TESTNET.name)}` }).waitFor();
      assert.equal(await chooser(page).inputValue(), TESTNET.name);
      assert.equal(await storedNetwork(page), TESTNET.name);
      await page.getByText(`Network: ${await displayName(TESTNET.name)}`).waitFor();

      // The testnet's data source (Teloscan) cannot be reached here: a neutral message says so, once.
      const outOfSync = page.getByRole('status').filter({ hasText: `The data source of ${await displayName(TESTNET.name)} is behind or not answering: data may be out of sync.` });
      await outOfSync.waitFor();

      await chooser(page).selectOption(devnet.network);
      await page.getByRole('status').filter({ hasText: `Switched to ${await displayName(devnet.network)}` }).waitFor();
      assert.equal(await storedNetwork(page), devnet.network);
      await page.getByText(`Network: ${await displayName(devnet.network)}`).waitFor();
      // The devnet serves chain id 41 like the testnet: the wallet is asked for that chain both times.
      const asked = (await walletCalls(page)).slice(before);
      assert.deepEqual(asked, [
        { method: 'wallet_switchEthereumChain', params: [{ chainId: TESTNET.chainId }] },
        { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(devnet.chainId) }] },
      ]);
      await page.getByRole('button', { name: `Account menu for ${carol}` }).waitFor();
    }));

  it('a chain the wallet does not know (4902) is added to it, then switched to', () =>
    withPage(async (page, context) => {
      const carol = evmAccount('carol').address;
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true }) });
      await connectTestWallet(page, carol);
      const before = (await walletCalls(page)).length;
      await chooser(page).selectOption(MAINNET.name);
      await page.getByRole('status').filter({ hasText: `Switched to ${await displayName(MAINNET.name)}` }).waitFor();
      assert.equal(await storedNetwork(page), MAINNET.name);
      const asked = (await walletCalls(page)).slice(before);
      // After adding, the page checks that the wallet is on the added chain (most wallets switch on their own).
      assert.deepEqual(asked.map((call) => call.method), ['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
      assert.deepEqual(asked[0]?.params, [{ chainId: MAINNET.chainId }]);
      assert.equal((asked[1]?.params[0] as { chainId: string; chainName: string }).chainId, MAINNET.chainId);
      assert.equal((asked[1]?.params[0] as { chainId: string; chainName: string }).chainName, await displayName(MAINNET.name));
    }));

  it('a refused switch (4001) is a neutral message and the network stays', () =>
    withPage(async (page, context) => {
      const carol = evmAccount('carol').address;
      const devnet = evmManifest();
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4001, announce: true, knownChains: [toHex(devnet.chainId)] }) });
      await connectTestWallet(page, carol);
      await chooser(page).selectOption(MAINNET.name);
      await page.getByRole('status').filter({ hasText: 'You rejected the network switch' }).waitFor();
      assert.equal(await page.getByRole('alert').filter({ hasText: 'You rejected the network switch' }).count(), 0, 'not an error');
      assert.equal(await chooser(page).inputValue(), devnet.network);
      assert.equal(await storedNetwork(page), devnet.network);
    }));

  it('a wallet that changes chain on its own while a send review is open is flagged and cannot sign', () =>
    withPage(async (page, context) => {
      const carol = evmAccount('carol').address;
      const devnet = evmManifest();
      await context.addInitScript({
        content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true, knownChains: [toHex(devnet.chainId)] }),
      });
      await connectTestWallet(page, carol);
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      const form = page.getByRole('form', { name: 'Send' });
      await form.getByLabel('Recipient address').fill(RECIPIENT);
      await form.getByLabel(/^Amount/).fill('0.01');
      await form.getByTestId('evm-send-fee').waitFor();
      await form.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();

      await emitChainChanged(page, '0x1');
      await review.getByRole('alert').filter({ hasText: 'Your wallet is now on another network (chain id 1)' }).waitFor();
      assert.equal(await review.getByRole('button', { name: 'Confirm in wallet' }).count(), 0, 'signing is blocked');
      assert.ok(!(await walletCalls(page)).some((call) => call.method === 'eth_sendTransaction'), 'nothing was sent to sign');

      // Behind the review, the page flags it too and offers to switch the wallet back; then signing is possible again.
      await review.getByRole('button', { name: 'Cancel' }).click();
      const flag = page.getByRole('alert').filter({ hasText: 'Your wallet switched to chain id 1 on its own' });
      await flag.getByRole('button', { name: `Switch the wallet back to ${await displayName(devnet.network)}` }).click();
      await flag.waitFor({ state: 'detached' });
      await form.getByRole('button', { name: 'Review' }).click();
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
    }));
});
