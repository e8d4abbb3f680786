/**
 * Every screen with a total (issue 30): the rows a reader adds up give the total printed
 * with them, to the last shown digit — the EVM balances, the portfolio's "now" and what it
 * does not count, the native tokens and the combined total of a linked account.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { browserForSpec } from './browser';
import { evmAccount } from './evmDevnet';
import { viewNativeAccount } from './nativeDevnet';

const { withPage } = browserForSpec();

/** A shown fiat figure ("$3,312.10") in cents. */
function cents(text: string): bigint {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(match?.[1] !== undefined && match[2] !== undefined, `a dollar figure: ${text}`);
  return BigInt(match[1].replaceAll(',', '') + match[2]);
}

async function sumOf(cells: Locator): Promise<bigint> {
  const texts = await cells.allInnerTexts();
  assert.ok(texts.length > 0, 'rows to add up');
  return texts.reduce((sum, text) => sum + cents(text), 0n);
}

describe('totals', () => {
  it('the EVM balances and the portfolio chart add up as shown', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(evmAccount('alice').address);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      const balances = page.getByRole('region', { name: 'Balances' });
      const total = balances.locator('.evm-total__value').filter({ hasText: /^\$/ });
      await total.waitFor();
      const values = balances.getByRole('row').locator('td[data-label="Value"]').filter({ hasText: /^\$/ });
      const shownTotal = cents(await total.innerText());
      assert.equal(await sumOf(values), shownTotal, 'the total value is the sum of the rows shown');

      // The chart counts TLOS and WTLOS; the difference to the total is named beside it.
      const chart = page.getByTestId('portfolio-chart');
      const now = cents(await chart.locator('.evm-total__value').filter({ hasText: /^Now \$/ }).innerText());
      const beyond = await chart.getByTestId('portfolio-beyond').innerText();
      const [named, added] = [...beyond.matchAll(/\$[\d,]+\.\d{2}/g)].map((match) => cents(match[0]));
      assert.equal(named, shownTotal, beyond);
      assert.equal(now + (added ?? 0n), shownTotal, `${beyond} (now ${now})`);
    }));

  it('the native tokens and the combined total of a linked account add up as shown', () =>
    withPage(async (page) => {
      await viewNativeAccount(page, 'alice');
      const total = page.getByTestId('native-total').filter({ hasText: /^\$/ });
      await total.waitFor();
      const tokens = page.getByRole('region', { name: 'Tokens' });
      const nativeTotal = cents(await total.innerText());
      assert.equal(await sumOf(tokens.locator('.zero-fiat')), nativeTotal);

      const linked = page.getByRole('region', { name: 'Telos EVM' });
      const evmTotal = cents(await linked.getByTestId('linked-evm-total').filter({ hasText: /^\$/ }).innerText());
      const combined = cents(await linked.getByTestId('combined-total').innerText());
      assert.equal(combined, nativeTotal + evmTotal);
    }));
});
