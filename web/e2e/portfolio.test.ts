/**
 * The portfolio chart of a seeded account: the wallet's value over a day and a week,
 * drawn beside the price chart from the server's points, which are the account's
 * balances worked back through its history and priced with the devnet's recorded
 * series; holdings without a price history are listed as not included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserForSpec } from './browser';
import { evmAccount, evmManifest } from './evmDevnet';

const { withPage } = browserForSpec();

interface Portfolio {
  points: { time: number; value: string | null }[];
  counted: string[];
  notCounted: { symbol: string; amount: string }[];
}

async function portfolio(address: string, range: string): Promise<Portfolio> {
  const answer = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${address}/portfolio?range=${range}&fiat=USD`);
  assert.equal(answer.status, 200);
  return (await answer.json()) as Portfolio;
}

/** The balance rows' fiat values, exact decimal text. */
async function fiatValues(address: string): Promise<{ symbol: string; value: string | null }[]> {
  const answer = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${address}/balances?fiat=USD`);
  const body = (await answer.json()) as { balances: { token: { symbol: string }; fiatValue?: { value: string } | null }[] };
  return body.balances.map((row) => ({ symbol: row.token.symbol, value: row.fiatValue?.value ?? null }));
}

/** An exact decimal as an integer of 10^-18. */
function atto(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(18, '0').slice(0, 18));
}

describe('portfolio over time', () => {
  it('draws the value of a seeded account over a day and a week, listing what it cannot value', () =>
    withPage(async (page) => {
      const alice = evmAccount('alice').address;
      const day = await portfolio(alice, 'day');
      assert.equal(day.points.length, 25, 'hourly over a day, the last point now');
      assert.ok(day.points.every((point) => point.value !== null), `the devnet has a price for every hour of the day: ${JSON.stringify(day.points)}`);
      assert.deepEqual(day.counted, ['TLOS', 'WTLOS']);
      // The last point is now: the TLOS and WTLOS rows of the balances, valued as they are.
      const held = (await fiatValues(alice)).filter((row) => row.symbol === 'TLOS' || row.symbol === 'WTLOS');
      const counted = held.reduce((sum, row) => sum + atto(row.value ?? '0'), 0n);
      assert.equal(atto(day.points.at(-1)?.value ?? '0'), counted, `${day.points.at(-1)?.value} = ${JSON.stringify(held)}`);
      assert.ok(day.notCounted.some((row) => row.symbol === 'TUSD'), 'TUSD has no price history: listed, not valued at zero');

      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(alice);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      const card = page.getByTestId('portfolio-chart');
      await card.getByRole('img', { name: 'Total value over the period' }).locator('canvas').first().waitFor({ timeout: 30_000 });
      assert.match(await card.innerText(), /Now \$[\d,]+\.\d{2}/);
      assert.match(await card.innerText(), /Not included \(no price history\): .*TUSD/);

      await card.getByRole('button', { name: 'Week' }).click();
      await card.getByRole('button', { name: 'Week', pressed: true }).waitFor();
      await card.getByRole('img', { name: 'Total value over the period' }).locator('canvas').first().waitFor({ timeout: 30_000 });
      const week = await portfolio(alice, 'week');
      assert.equal(week.points.length, 29, 'every 6 hours over a week, the last point now');
    }));
});
