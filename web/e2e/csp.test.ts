/**
 * Our own Content-Security-Policy never blocks a real wallet (issue 15): in Chromium,
 * starting each native wallet plugin's sign-in (WharfKit's renderer draws its dialog
 * with <style> elements in a shadow root; Anchor calls its callback service;
 * Scatter-compatible wallets probe their local ports) and opening the connection
 * protocol's pairing dialog on a server with a project id report no violation. A page
 * script that breaks the policy on purpose shows the check would see one.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { repoRoot, startServer, stopChild } from '../../scripts/lib/stack.mjs';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
let walletConnectServer: { url: string; child: ChildProcess };
let dataDir: string;

before(async () => {
  browser = await launchBrowser();
  // The same devnets behind a second server that offers the connection protocol (its
  // own data directory: the first server's index store stays its own).
  dataDir = mkdtempSync(join(tmpdir(), 'tandem-csp-'));
  walletConnectServer = await startServer({
    binary: join(repoRoot, 'target', 'debug', 'tandem-server'),
    env: {
      TANDEM_LISTEN: '127.0.0.1:0',
      TANDEM_WEB_DIST: join(repoRoot, 'web', 'dist'),
      TANDEM_WALLET_CONNECT_PROJECT_ID: 'e2e0000000000000000000000000c5b0',
      TANDEM_DATA_DIR: dataDir,
    },
    log: () => undefined,
  });
});

after(async () => {
  await browser.close();
  await stopChild(walletConnectServer.child);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page that records every CSP violation: the DOM event (composed, so it leaves shadow roots) and Chromium's console report. */
async function watchedPage(baseURL?: string): Promise<{ page: Page; violations: string[]; close: () => Promise<void> }> {
  const { context, page } = baseURL === undefined
    ? await openPage(browser)
    : await (async () => {
        const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
        return { context, page: await context.newPage() };
      })();
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => { violations.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    }, true);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations, close: () => context.close() };
}

const settle = (page: Page) => page.waitForTimeout(2_500);

describe('Content-Security-Policy and the wallets', () => {
  it('sees a violation when one happens (the check works)', async () => {
    const { page, violations, close } = await watchedPage();
    try {
      await page.goto('/zero/balance');
      await page.getByRole('radio', { name: /Anchor/ }).waitFor();
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = '.not-allowed-by-hash { color: red }';
        document.head.append(style);
      });
      await settle(page);
      assert.ok(violations.some((text) => text.includes('style-src')), violations.join('\n'));
    } finally {
      await close();
    }
  });

  for (const { method, wallet } of [
    { method: /Anchor/, wallet: 'Anchor' },
    { method: /Browser extension wallet/, wallet: 'Scatter' },
    { method: /Browser extension wallet/, wallet: 'Wombat' },
    { method: /Browser extension wallet/, wallet: 'TokenPocket' },
  ]) {
    it(`starts the ${wallet} sign-in with no violation`, async () => {
      const { page, violations, close } = await watchedPage();
      try {
        await page.goto('/zero/balance');
        await page.getByRole('radio', { name: method }).check();
        await page.getByRole('button', { name: wallet, exact: true }).click();
        // WharfKit's renderer mounts its dialog host (its content sits in a closed shadow root).
        await page.locator('#wharfkit-web-ui').waitFor({ state: 'attached', timeout: 15_000 });
        await settle(page);
        assert.deepEqual(violations, [], `${wallet}: ${violations.join('\n')}`);
      } finally {
        await close();
      }
    });
  }

  it('opens the connection protocol’s pairing dialog with no violation when a project id is configured', async () => {
    const { page, violations, close } = await watchedPage(walletConnectServer.url);
    try {
      await page.goto('/');
      await page.getByRole('button', { name: /Mobile and connection-protocol wallets/ }).click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      assert.deepEqual(violations, [], violations.join('\n'));
    } finally {
      await close();
    }
  });
});
