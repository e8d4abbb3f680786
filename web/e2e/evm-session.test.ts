/**
 * The EVM session as a wallet user lives it: a reload logs the wallet in again
 * and it can still sign, Disconnect goes home and forgets the session, and an
 * injected EIP-1193 wallet (a small fake in the page that records every request)
 * connects from home, gets the devnet added when it does not know it (4902 →
 * wallet_addEthereumChain with the EIP-3085 parameters), and refusing the network
 * switch (4001) is a neutral message that logs nobody in. A login from home that the
 * wallet answers just as the page's wallet session part mounts (a slow device) keeps
 * its connection.
 *
 * dave signs one small transfer to a development address no seeded fact mentions;
 * the injected wallet only reads (carol), it never signs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseUnits, toHex, type Address } from 'viem';
import { baseUrl, launchBrowser, inPage } from './browser';
import { chain, connectDevWallet, evmAccount, evmManifest, signInDevWallet } from './evmDevnet';
import { fakeWalletScript, TEST_WALLET, walletCalls, type RecordedCall } from './fakeWallet';

/** anvil's 7th development account: funded by anvil, untouched by the seeding. */
const RECIPIENT: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

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

interface NetworkAnswer {
  name: string;
  displayName: string;
  logo: string | null;
  systemToken: { symbol: string; name: string; decimals: number };
}

async function devnetSettings(): Promise<NetworkAnswer> {
  const response = await fetch(`${baseUrl()}/api/v1/networks`);
  const body = (await response.json()) as { networks: NetworkAnswer[] };
  const network = body.networks.find((candidate) => candidate.name === evmManifest().network);
  if (!network) throw new Error(`the server does not serve ${evmManifest().network}`);
  return network;
}

function storedSession(page: Page) {
  return page.evaluate(() => ({
    account: window.localStorage.getItem('account'),
    authenticator: window.localStorage.getItem('autoLogin'),
    devKey: window.sessionStorage.getItem('tandem.evmDevWalletKey'),
  }));
}

describe('EVM session with the development wallet', () => {
  it('keeps the session over a reload (auto-login) and can still sign', () =>
    withPage(async (page) => {
      const dave = evmAccount('dave').address;
      const client = chain();
      await connectDevWallet(page, 'dave');
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await page.getByRole('form', { name: 'Send' }).waitFor();

      await page.reload();
      const form = page.getByRole('form', { name: 'Send' });
      await form.waitFor();
      await page.getByRole('button', { name: `Account menu for ${dave}` }).waitFor();
      assert.deepEqual(await storedSession(page), { account: dave, authenticator: 'tandem.evmDevWallet', devKey: evmAccount('dave').privateKey });

      await form.getByLabel('Recipient address').fill(RECIPIENT);
      await form.getByLabel(/^Amount/).fill('0.01');
      await form.getByTestId('evm-send-fee').waitFor();
      const before = await client.getBalance({ address: RECIPIENT });
      await form.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      await signInDevWallet(page);
      await review.getByText(/Confirmed in block \d+/).waitFor({ timeout: 30_000 });
      assert.equal(await client.getBalance({ address: RECIPIENT }), before + parseUnits('0.01', 18));
    }));

  it('Disconnect in the account menu lands on home and forgets the session', () =>
    withPage(async (page) => {
      const dave = evmAccount('dave').address;
      await connectDevWallet(page, 'dave');
      await page.getByRole('button', { name: `Account menu for ${dave}` }).click();
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      assert.equal(new URL(page.url()).searchParams.get('login'), '');
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
      await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
      assert.deepEqual(await storedSession(page), { account: null, authenticator: null, devKey: null });

      // The wallet area is closed again.
      await page.goto('/evm/send');
      await page.waitForURL((url) => url.pathname === '/');
    }));
});

describe('EVM session with an injected wallet', () => {
  it('connects from home through EIP-6963, adds the devnet on 4902, and logs in again after a reload', () =>
    withPage(async (page, context) => {
      const carol = evmAccount('carol').address;
      const manifest = evmManifest();
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true }) });
      await page.goto('/');
      await page.getByRole('button', { name: /^Connect Test Wallet/ }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      const settings = await devnetSettings();
      await page.getByRole('status').filter({ hasText: `Switched to ${settings.displayName}` }).waitFor();
      await page.getByRole('button', { name: `Account menu for ${carol}` }).waitFor();

      const calls = await walletCalls(page);
      const methods = calls.map((call) => call.method);
      assert.deepEqual(methods.slice(0, 4), ['eth_accounts', 'eth_requestAccounts', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']);
      const chainId = toHex(manifest.chainId);
      assert.deepEqual(calls[2]?.params, [{ chainId }]);
      const added = calls[3]?.params[0] as { rpcUrls: string[] } & Record<string, unknown>;
      assert.deepEqual(
        { ...added, rpcUrls: added.rpcUrls.map((url) => url.replace(/\/+$/, '')) },
        {
          chainId,
          chainName: settings.displayName,
          nativeCurrency: { name: settings.systemToken.name, symbol: settings.systemToken.symbol, decimals: settings.systemToken.decimals },
          rpcUrls: [manifest.rpcUrl.replace(/\/+$/, '')],
          ...(settings.logo === null ? {} : { iconUrls: [new URL(settings.logo, baseUrl()).href] }),
        },
      );
      assert.equal((await storedSession(page)).authenticator, TEST_WALLET.rdns);

      // An injected wallet that can sign gets the send form; after a reload it is logged in again without a prompt.
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await page.getByRole('form', { name: 'Send' }).waitFor();
      await page.reload();
      await page.getByRole('form', { name: 'Send' }).waitFor();
      assert.ok(!(await walletCalls(page)).some((call) => call.method === 'eth_requestAccounts'), 'auto-login opens no wallet prompt');
    }));

  it('keeps a login from home that the wallet answers just as the page’s wallet session part mounts', () =>
    withPage(async (page, context) => {
      // On a slow device that part (auto-login, logout) loads after home is usable, and the user connects meanwhile.
      const carol = evmAccount('carol').address;
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true, answerAsSessionMounts: true }) });
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sessionPart = /\/assets\/EvmWalletSession-[^/]*\.js$/;
      await context.route(sessionPart, async (route) => {
        await released;
        await route.continue();
      });
      const sessionPartRequested = page.waitForRequest(sessionPart);
      await page.goto('/');
      await sessionPartRequested;
      await page.getByRole('button', { name: /^Connect Test Wallet/ }).click();
      await page.waitForFunction(() =>
        (window as unknown as { __walletCalls: RecordedCall[] }).__walletCalls.some((call) => call.method === 'eth_requestAccounts'),
      );
      release();

      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.getByRole('button', { name: `Account menu for ${carol}` }).waitFor();
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await page.getByRole('form', { name: 'Send' }).waitFor();
    }));

  it('a refused network switch (4001) is a neutral message and logs nobody in', () =>
    withPage(async (page, context) => {
      await context.addInitScript({ content: fakeWalletScript({ account: evmAccount('carol').address, unknownChain: 4001, announce: false }) });
      await page.goto('/');
      await page.getByRole('button', { name: /^Connect Browser wallet/ }).click();
      const notice = page.getByRole('status').filter({ hasText: 'You rejected the network switch' });
      await notice.waitFor();
      assert.equal(await page.getByRole('alert').filter({ hasText: 'You rejected the network switch' }).count(), 0, 'not an error');
      const methods = (await walletCalls(page)).map((call) => call.method);
      assert.deepEqual(methods, ['eth_accounts', 'eth_requestAccounts', 'wallet_switchEthereumChain']);
      assert.equal(new URL(page.url()).pathname, '/');
      assert.equal((await storedSession(page)).account, null);
      await page.getByRole('link', { name: 'Connect Wallet' }).waitFor();
    }));
});
