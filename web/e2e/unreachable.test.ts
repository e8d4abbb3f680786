/**
 * A network that cannot be reached (issue 30): the Telos EVM testnet and Telos mainnet
 * are configured as they are for real, and nothing of theirs answers from this machine.
 * Every screen says in words what failed and what to do; upstream names, URLs and library
 * messages stay behind "See Details" (a closed disclosure, not on screen).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { WEB_VERSION, browserForSpec } from './browser';
import { evmAccount } from './evmDevnet';

const { withPage } = browserForSpec();

/** What a user must not read outside "See Details": the words of the code, not of the wallet. */
const DEVELOPER_TEXT = [/\bRPC\b/, /\bRpc\b/, /JSON/, /https?:\/\//i, /\bhttp\b/i, /error sending request/i, /\bat \w+ \(/];

async function assertWordsOnly(page: Page, screen: string): Promise<void> {
  // What is rendered: a closed <details> (See Details) keeps its content off screen.
  const shown = await page.evaluate(() => document.body.innerText);
  for (const pattern of DEVELOPER_TEXT) {
    const found = pattern.exec(shown);
    assert.equal(found, null, `${screen} shows developer text ${String(pattern)}: …${found === null ? '' : shown.slice(Math.max(0, found.index - 120), found.index + 80)}…`);
  }
}

const EVM_SCREENS = [
  ['/evm/wallet?tab=balance', 'the balances'],
  ['/evm/wallet?tab=history', 'the history'],
  ['/evm/allowances', 'the approvals'],
  ['/evm/staking', 'staking'],
  ['/evm/wrap', 'wrapping'],
  ['/evm/collectible-inventory', 'the collectibles'],
] as const;

describe('a network that cannot be reached', () => {
  it('says what failed in words on every EVM screen, the details only behind See Details', () =>
    withPage(async (page) => {
      await page.context().addInitScript(
        ({ account, version }) => {
          window.localStorage.setItem('account', account);
          window.localStorage.setItem('network', 'telos-evm-testnet');
          window.localStorage.setItem('autoLogin', 'justViewer');
          window.localStorage.setItem('isNative', 'false');
          window.localStorage.setItem('tandem.appVersion', version);
        },
        { account: evmAccount('alice').address, version: WEB_VERSION },
      );
      for (const [path, screen] of EVM_SCREENS) {
        await page.goto(path);
        // Each read fails after its retries: the failure is said, with a way forward.
        await page.getByRole('alert').first().waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 60_000 });
        await assertWordsOnly(page, screen);
        const details = page.getByText('See Details').first();
        if ((await details.count()) > 0) {
          // The curious can still read what happened.
          await details.click();
          await page.waitForFunction(() => document.querySelector('details[open]') !== null);
        }
      }
    }));

  it('says so in words when a native account cannot be looked up', () =>
    withPage(async (page) => {
      await page.goto('/zero/balance?signin=viewer');
      await page.getByLabel('Network').selectOption({ label: 'Telos' });
      await page.getByLabel('Account to view').fill('alice');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByRole('alert').first().waitFor({ timeout: 60_000 });
      await assertWordsOnly(page, 'the native sign-in');
    }));
});
