/**
 * The layout at a desktop width (1280 × 800 px) and a phone's (390 × 844 px) over every EVM
 * screen (wallet, send, receive, history, a transaction, collectibles and one collectible,
 * staking, wrap, approvals) and /zero/balance signed in natively (its history's filters
 * open on a screen of their own): no page is wider than the window, no amount breaks over
 * two lines, a token list is short enough to see past (five tokens end within 1.5 screens'
 * height of the page's top), and no field or button of the history's filters overlaps
 * another or spills past its card, in the light and the dark theme. With
 * TANDEM_SCREENSHOT_DIR set, each screen is also saved there as `<screen>-<width>.png`
 * (light) or `<screen>-<width>-dark.png`.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { inPage, launchBrowser } from './browser';
import { connectDevWallet, evmManifest } from './evmDevnet';
import { signInWithDevWallet } from './nativeDevnet';

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
  /** What is wrong with the screen's layout beyond the checks every screen gets; empty when nothing. */
  readonly problems?: (page: Page) => Promise<string[]>;
}

/** A seeded transaction of alice's, for its detail page. */
function seededTransaction(): string {
  const transactions = evmManifest().seeded.transactions as Record<string, { hash: string }>;
  return transactions['tlos.alice-bob']?.hash ?? '';
}

const SCREENS: readonly Screen[] = [
  {
    name: 'wallet',
    path: '/evm/wallet?tab=balance',
    ready: (page) => page.getByRole('region', { name: 'Balances' }).locator('.amount').first().waitFor(),
    // alice holds five tokens on the EVM devnet: the check is only worth something with all of them.
    problems: (page) => tallTokenList(page.getByRole('region', { name: 'Balances' }).getByRole('table'), 5),
  },
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
  {
    name: 'zero-balance',
    path: '/zero/balance',
    ready: (page) => page.locator('.zero-history__item').first().waitFor(),
    problems: (page) => tallTokenList(page.getByRole('region', { name: 'Tokens' }).getByRole('table'), 3),
  },
  {
    name: 'zero-history-filters',
    path: '/zero/balance',
    ready: async (page) => {
      const history = page.getByRole('region', { name: 'History' });
      await history.locator('.zero-history__item').first().waitFor();
      await history.getByRole('button', { name: 'Filter' }).click();
      await history.getByRole('form', { name: 'History filters' }).scrollIntoViewIfNeeded();
    },
    problems: (page) => crowdedControls(page.getByRole('region', { name: 'History' }).getByRole('form', { name: 'History filters' })),
  },
];

/** Five tokens' list ends within this many screens' height from the top of the page, so what follows it comes into view. */
const TOKEN_LIST_SCREENS = 1.5;

/**
 * A token list (its table) that, with five tokens, would end further down the page than
 * TOKEN_LIST_SCREENS windows: reaching its last token and what follows it would take more
 * than half a screen's scroll (on a phone, rows stacked as cards of labelled lines did).
 * An account with fewer tokens is measured per row and counted as if it had five;
 * `atLeast` rows must be there, so a list that has not come in full does not pass.
 */
async function tallTokenList(table: Locator, atLeast: number): Promise<string[]> {
  const { rows, top, height, screen } = await table.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { rows: element.querySelectorAll('tbody tr').length, top: box.top + window.scrollY, height: box.height, screen: window.innerHeight };
  });
  if (rows < atLeast) return [`the token list has ${rows} rows, expected at least ${atLeast}`];
  const forFive = (height / rows) * 5;
  const limit = TOKEN_LIST_SCREENS * screen;
  return top + forFive <= limit
    ? []
    : [
        `the token list is ${Math.round(height)} px tall for ${rows} tokens (${Math.round(forFive)} px for five) from ${Math.round(top)} px down the page: ` +
          `five tokens end at ${Math.round(top + forFive)} px, over ${TOKEN_LIST_SCREENS} screens (${Math.round(limit)} px)`,
      ];
}

/**
 * The fields, labels and buttons of `form` that overlap one another, spill past the card
 * the form is in, or cut their own content (a date field narrower than its date).
 */
function crowdedControls(form: Locator): Promise<string[]> {
  return form.evaluate((element) => {
    const card = element.closest('.card') ?? element;
    const bounds = card.getBoundingClientRect();
    const controls = [...element.querySelectorAll<HTMLElement>('label, input, select, textarea, button')].filter(
      (control) => control.getClientRects().length > 0,
    );
    // No named function in here: the test runner's transform would wrap it in a helper the page lacks.
    const names = controls.map((control) => {
      const labelled = control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement;
      const text = (labelled ? control.labels?.[0]?.textContent : control.textContent) ?? '';
      return `${control.tagName.toLowerCase()} "${text.trim()}"`;
    });
    const boxes = controls.map((control) => control.getBoundingClientRect());
    const problems: string[] = [];
    for (const [index, control] of controls.entries()) {
      const box = boxes[index];
      if (box === undefined) continue;
      const spill = Math.max(bounds.left - box.left, box.right - bounds.right, bounds.top - box.top, box.bottom - bounds.bottom);
      if (spill > 0.5) problems.push(`${names[index]} spills ${Math.round(spill)} px past its card`);
      if (control instanceof HTMLInputElement && control.scrollWidth > control.clientWidth + 1) {
        problems.push(`${names[index]} cuts its content (${control.scrollWidth} px in ${control.clientWidth} px)`);
      }
      for (let other = index + 1; other < controls.length; other += 1) {
        const otherBox = boxes[other];
        if (otherBox === undefined) continue;
        const across = Math.min(box.right, otherBox.right) - Math.max(box.left, otherBox.left);
        const down = Math.min(box.bottom, otherBox.bottom) - Math.max(box.top, otherBox.top);
        if (across > 0.5 && down > 0.5) problems.push(`${names[index]} and ${names[other]} overlap by ${Math.round(across)} × ${Math.round(down)} px`);
      }
    }
    return problems;
  });
}

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

/** A desktop's window and a phone's (390 × 844, a common phone's CSS pixels). */
const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const { width, height } of WINDOWS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`layout at ${width} px, ${colorScheme} theme`, () => {
      it('keeps every screen within the window, every amount on one line, token lists short and the filters apart', () =>
        inPage(
          browser,
          async (page) => {
            await connectDevWallet(page, 'alice');
            await signInWithDevWallet(page, 'alice');
            const shots = process.env.TANDEM_SCREENSHOT_DIR;
            if (shots) mkdirSync(shots, { recursive: true });
            // Every screen is looked at before failing, so one run names everything wrong.
            const problems: string[] = [];
            for (const screen of SCREENS) {
              await page.goto(screen.path);
              await screen.ready(page);
              // Late images and rows settle before measuring.
              await page.waitForTimeout(500);
              const where = `${screen.name} at ${width} px (${colorScheme})`;
              const file = `${screen.name}-${width}${colorScheme === 'dark' ? '-dark' : ''}.png`;
              // Saved before the checks, so a failing screen can be looked at.
              if (shots) await page.screenshot({ path: join(shots, file), fullPage: true });
              const sizes = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
              if (sizes.page > sizes.window) problems.push(`${where} is ${sizes.page} px wide`);
              for (const amount of await wrappedAmounts(page)) problems.push(`${where}: the amount ${amount} is on two lines`);
              for (const problem of (await screen.problems?.(page)) ?? []) problems.push(`${where}: ${problem}`);
            }
            assert.deepEqual(problems, []);
          },
          { width, height, colorScheme },
        ));
    });
  }
}
