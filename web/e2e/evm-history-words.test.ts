/**
 * EVM history rows say who and what as a person would (issue 30), over the devnet's
 * seeded round, signed for real on chain: alice sends TLOS, TUSD, GEMS, an ERC-721 and
 * ERC-1155 items to bob (saved in her address book as "Bob"), wraps and unwraps, stakes
 * and unstakes, approves a spender, an amount, one NFT and a whole collection, swaps; bob
 * withdraws from the unstake escrow; carol revokes. Each row is read by its hash and its
 * action and counterparty asserted exactly; the CSV names bob the same way.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec } from './browser';
import { evmAccount, evmManifest } from './evmDevnet';

const { withPage } = browserForSpec();

interface Expected { action: string | RegExp; counterparty: string | RegExp }

function seededHash(label: string): string {
  const transactions = evmManifest().seeded.transactions as Record<string, { hash: string } | undefined>;
  const hash = transactions[label]?.hash;
  assert.ok(hash !== undefined, `the devnet seeds ${label}`);
  return hash;
}

/** Views `name`'s EVM history with bob saved as "Bob", and reads the rows of `labels` by hash across pages. */
async function rowsOf(page: Page, name: string, labels: readonly string[]): Promise<Map<string, { action: string; counterparty: string }>> {
  const network = evmManifest().network;
  await page.addInitScript(
    ({ key, bob }) => { localStorage.setItem(key, JSON.stringify([{ name: 'Bob', address: bob }])); },
    { key: `tandem.addressBook.${network}`, bob: evmAccount('bob').address },
  );
  await page.goto('/');
  await page.getByLabel(/EVM address/).fill(evmAccount(name).address);
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/evm/wallet');
  await page.goto('/evm/wallet?tab=history&rows=50');
  const found = new Map<string, { action: string; counterparty: string }>();
  const wanted = new Map(labels.map((label) => [seededHash(label).toLowerCase(), label]));
  const history = page.getByRole('region', { name: 'History' });
  for (let pageNumber = 1; ; pageNumber += 1) {
    await history.getByTestId('evm-history-row').first().waitFor();
    for (const row of await history.getByTestId('evm-history-row').all()) {
      const label = wanted.get((await row.getAttribute('data-hash'))?.toLowerCase() ?? '');
      if (label === undefined) continue;
      const action = await row.locator('.evm-history__action .evm-token__symbol').innerText();
      const counterparty = (await row.locator('td').first().innerText()).trim();
      found.set(label, { action, counterparty });
    }
    const next = history.getByRole('button', { name: 'Next' });
    if (found.size === wanted.size || (await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
    await history.getByText(`Page ${pageNumber + 1}`).waitFor();
  }
  return found;
}

function assertRows(found: Map<string, { action: string; counterparty: string }>, expected: Record<string, Expected>) {
  for (const [label, want] of Object.entries(expected)) {
    const row = found.get(label);
    assert.ok(row !== undefined, `${label} is in the history`);
    const check = (actual: string, wanted: string | RegExp, what: string) => {
      if (typeof wanted === 'string') assert.equal(actual, wanted, `${label}: ${what}`);
      else assert.match(actual, wanted, `${label}: ${what}`);
    };
    check(row.action, want.action, 'action');
    check(row.counterparty, want.counterparty, 'counterparty');
  }
}

const short = (name: string) => {
  const address = evmAccount(name).address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
};

describe('EVM history in words', () => {
  it('names alice’s every kind of row and its counterparty, bob by his saved name, in the table and the CSV', () =>
    withPage(async (page) => {
      const expected: Record<string, Expected> = {
        'tlos.alice-bob': { action: 'Send', counterparty: 'To Bob' },
        'erc20.alice-bob.TUSD': { action: 'Send', counterparty: 'To Bob' },
        'erc20.alice-bob.GEMS': { action: 'Send', counterparty: 'To Bob' },
        'erc20.bob-alice.TUSD': { action: 'Receive', counterparty: 'From Bob' },
        'art.transfer.2': { action: 'Send', counterparty: 'To Bob' },
        'items.transfer.alice-bob': { action: 'Send', counterparty: 'To Bob' },
        'wrap.alice': { action: 'Wrap', counterparty: /^With (Wrapped TLOS|WTLOS)/ },
        'unwrap.alice': { action: 'Unwrap', counterparty: /^With (Wrapped TLOS|WTLOS)/ },
        'stake.alice': { action: 'Stake', counterparty: /^With (Staked TLOS|STLOS)/ },
        'unstake.alice.unlocked': { action: 'Unstake', counterparty: /^With (Staked TLOS|STLOS)/ },
        'approve.alice.GEMS.bob': { action: 'Approved Bob for 5 GEMS', counterparty: 'With Bob' },
        'approve.alice.TUSD.SWAP': { action: /^Approved .+ for 100 TUSD$/, counterparty: /^With / },
        'art.approve.7': { action: 'Approved Bob for #7', counterparty: 'With Bob' },
        'art.approvalForAll.alice-carol': { action: `Approved ${short('carol')} for all NFTs`, counterparty: `With ${short('carol')}` },
        swap: { action: 'Swap', counterparty: /^With / },
      };
      const found = await rowsOf(page, 'alice', Object.keys(expected));
      assertRows(found, expected);

      // The CSV names bob as the table does.
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export history as CSV' });
      const downloaded = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download CSV' }).click();
      const csv = readFileSync(await (await downloaded).path(), 'utf8');
      const bob = evmAccount('bob').address.toLowerCase();
      const lines = csv.split('\r\n').filter((line) => line.split(',')[3]?.toLowerCase() === bob);
      assert.ok(lines.length >= 5, `rows with bob: ${lines.length}`);
      for (const line of lines) assert.ok(line.endsWith(',Bob'), `bob is named Bob: ${line}`);
      const hash = seededHash('tlos.alice-bob');
      assert.ok(csv.split('\r\n').some((line) => line.includes(hash) && line.endsWith(',Bob')), 'the TLOS send to bob names him');
    }));

  it('names a withdrawal from the unstake escrow and a revoke', async () => {
    await withPage(async (page) => {
      assertRows(await rowsOf(page, 'bob', ['escrow.withdraw.bob']), { 'escrow.withdraw.bob': { action: 'Withdraw', counterparty: /^With / } });
    });
    await withPage(async (page) => {
      assertRows(await rowsOf(page, 'carol', ['revoke.carol.TUSD.dave']), {
        'revoke.carol.TUSD.dave': { action: `Revoked ${short('dave')}`, counterparty: `With ${short('dave')}` },
      });
    });
  });
});
