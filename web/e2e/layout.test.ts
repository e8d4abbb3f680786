/**
 * The layout at a desktop width (1280 px) and a phone width (390 px) over every EVM screen
 * (wallet, send, receive, history, a transaction, collectibles and one collectible,
 * staking, wrap, approvals) and /zero/balance: no page is wider than the
 * window, and no amount breaks over two lines, in the light and the dark theme. With
 * TANDEM_SCREENSHOT_DIR set, each screen is also saved there as `<screen>-<width>.png`
 * (light) or `<screen>-<width>-dark.png` to be looked at.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { inPage, launchBrowser } from './browser';
import { connectDevWallet, evmManifest } from './evmDevnet';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser.close();
});

interface Screen {
  readonly name: string;
  readonly path: string;
  /** What shows once the screen has its data. */
  readonly ready: (page: Page) => Promise<unknown>;
}

/** A seeded transaction of alice's, for its detail page. */
function seededTransaction(): string {
  const transactions = evmManifest().seeded.transactions as Record<string, { hash: string }>;
  return transactions['tlos.alice-bob']?.hash ?? '';
}

const SCREENS: readonly Screen[] = [
  { name: 'wallet', path: '/evm/wallet?tab=balance', ready: (page) => page.getByRole('region', { name: 'Balances' }).locator('.amount').first().waitFor() },
  { name: 'send', path: '/evm/send?token=TLOS', ready: (page) => page.getByRole('form', { name: 'Send' }).waitFor() },
  { name: 'history', path: '/evm/wallet?tab=history', ready: (page) => page.getByTestId('evm-history-row').first().waitFor() },
  { name: 'receive', path: '/evm/receive', ready: (page) => page.getByTestId('evm-receive-address').waitFor() },
  { name: 'transaction', path: `/evm/tx/${seededTransaction()}`, ready: (page) => page.getByRole('region', { name: /Movements|What moved/ }).first().waitFor() },
  { name: 'collectibles', path: '/evm/collectible-inventory', ready: (page) => page.getByTestId('nft-card').first().waitFor() },
  {
    name: 'collectible',
    path: `/evm/collectible-details?contract=${evmManifest().contracts.ART ?? ''}&id=1`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Sunrise' }).waitFor(),
  },
  { name: 'staking', path: '/evm/staking', ready: (page) => page.getByRole('heading', { name: 'Your staking' }).waitFor() },
  { name: 'wrap', path: '/evm/wrap', ready: (page) => page.getByRole('heading', { name: 'Your balances' }).waitFor() },
  { name: 'approvals', path: '/evm/allowances', ready: (page) => page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor() },
  { name: 'zero-balance', path: '/zero/balance', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
];

/** Amounts (`.amount`) whose box is taller than one line of their text. */
function wrappedAmounts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.amount')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        const style = getComputedStyle(element);
        const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.6;
        return element.getBoundingClientRect().height > line * 1.5;
      })
      .map((element) => element.textContent),
  );
}

for (const width of [1280, 390]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`layout at ${width} px, ${colorScheme} theme`, () => {
      it('keeps every screen within the window and every amount on one line', () =>
        inPage(
          browser,
          async (page) => {
            await connectDevWallet(page, 'alice');
            const shots = process.env.TANDEM_SCREENSHOT_DIR;
            if (shots) mkdirSync(shots, { recursive: true });
            for (const screen of SCREENS) {
              await page.goto(screen.path);
              await screen.ready(page);
              // Late images and rows settle before measuring.
              await page.waitForTimeout(500);
              const where = `${screen.name} at ${width} px (${colorScheme})`;
              const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
              assert.ok(sizes.page <= sizes.window, `${where} is ${sizes.page} px wide`);
              assert.deepEqual(await wrappedAmounts(page), [], `${where}: amounts on two lines`);
              const file = `${screen.name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`;
              if (shots) await page.screenshot({ path: join(shots, file), fullPage: true });
            }
          },
          { width, colorScheme },
        ));
    });
  }
}
