// Throwaway (not committed): screenshots of merged main's EVM wallet and history.
import { startStack } from '../scripts/lib/stack.mjs';
import { chromium } from 'playwright-core';
const stack = await startStack({ log: () => {} });
const who = process.argv[2] ?? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(stack.url + '/');
    await page.getByLabel(/EVM address/).fill(who);
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/evm/wallet');
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/work/shots/main-wallet-${width}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'History' }).or(page.getByRole('link', { name: 'History' })).first().click();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/work/shots/main-history-${width}.png`, fullPage: true });
    await context.close();
  }
  await browser.close();
} finally {
  await stack.stop();
}
