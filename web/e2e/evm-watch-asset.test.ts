/**
 * "Add to wallet" on a balance row (spec §7 wallet_watchAsset): with the injected
 * test wallet, the wallet is asked to watch the token with its contract address,
 * symbol, decimals and logo exactly as the server knows them, and says so.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, inPage, launchBrowser } from './browser';
import { evmAccount, evmManifest } from './evmDevnet';
import { fakeWalletScript, walletCalls } from './fakeWallet';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

interface TokenAnswer {
  symbol: string;
  address: string | null;
  decimals: number;
  logo?: string | null;
}

async function serverToken(owner: string, symbol: string): Promise<TokenAnswer> {
  const response = await fetch(`${baseUrl()}/api/v1/evm/${evmManifest().network}/accounts/${owner}/balances?fiat=USD`);
  const body = (await response.json()) as { balances: { token: TokenAnswer }[] };
  const row = body.balances.find((candidate) => candidate.token.symbol === symbol);
  if (!row) throw new Error(`${owner} holds no ${symbol}`);
  return row.token;
}

describe('Add to wallet', () => {
  it('asks the wallet to watch a token with its address, symbol, decimals and logo', () =>
    inPage(browser, async (page, context) => {
      const carol = evmAccount('carol').address;
      await context.addInitScript({ content: fakeWalletScript({ account: carol, unknownChain: 4902, announce: true }) });
      await page.goto('/');
      await page.getByRole('button', { name: /^Connect Test Wallet/ }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');

      await page.getByRole('button', { name: 'Add TUSD to your wallet' }).click();
      await page.getByRole('status').filter({ hasText: 'TUSD was added to your wallet' }).waitFor();
      const token = await serverToken(carol, 'TUSD');
      assert.ok(typeof token.logo === 'string', 'the devnet gives TUSD a logo');
      const watched = (await walletCalls(page)).filter((call) => call.method === 'wallet_watchAsset');
      assert.deepEqual(watched, [
        {
          method: 'wallet_watchAsset',
          params: { type: 'ERC20', options: { address: token.address, symbol: 'TUSD', decimals: token.decimals, image: new URL(token.logo, baseUrl()).href } },
        },
      ]);
      // The system token is the wallet's own coin: nothing to add.
      assert.equal(await page.getByRole('button', { name: 'Add TLOS to your wallet' }).count(), 0);
    }));
});
