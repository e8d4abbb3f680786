/**
 * The native account at full power (issue 32) on the native devnet's real system contract:
 * REX staked and unstaked after it matured, CPU and NET staked and unstaked for oneself and
 * for another account until the refund comes back, RAM bought and sold by exactly what the
 * review promised, and votes for a producer and through a proxy — each read back from the
 * chain — with the unhappy paths refused before anything is signed.
 *
 * The devnet's clock moves days ahead here; the spec leaves alice's stake as it found it.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec, screenshot } from './browser';
import { rejectInDevWallet, signInDevWallet } from './devWalletPrompt';
import { assetUnits, chainAccount, chainBalance, chainRow, devnetControl, signInWithDevWallet } from './nativeDevnet';

const { withPage } = browserForSpec();
const DAY = 24 * 3600;

function review(page: Page) {
  return page.getByTestId('action-review');
}

/** The value the review shows beside `label`. */
async function fact(page: Page, label: string): Promise<string> {
  return (await review(page).locator('.zero-facts__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').innerText()).trim();
}

/** Signs the reviewed transaction in the development wallet and waits for the receipt. */
async function signAndWait(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign and send' }).click();
  await signInDevWallet(page);
  await dialog.getByTestId('action-done').waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** "766666.6666 REX" as the screen writes it: "766,666.6666 REX". */
function grouped(quantity: string): string {
  const [number = '', symbol = ''] = quantity.split(' ');
  const [whole = '0', fraction] = number.split('.');
  return `${BigInt(whole).toLocaleString('en-US')}${fraction === undefined ? '' : `.${fraction}`} ${symbol}`;
}

/** "68,371 bytes" → 68371. */
function bytesOf(text: string): number {
  return Number(text.replace(/[^\d]/g, ''));
}

async function openStake(page: Page, account = 'alice') {
  await signInWithDevWallet(page, account);
  await page.getByRole('link', { name: 'Stake & resources' }).first().click();
  await page.getByRole('heading', { name: 'REX staking' }).waitFor();
}

describe('staking, resources and votes on Telos Zero', () => {
  after(async () => {
    await devnetControl('sponsor', { behaviour: 'normal' });
    await devnetControl('blocks', { deferred: 'run' });
  });

  it('alice stakes into REX, sells it once matured, and trades RAM by exactly what each review promised', () =>
    withPage(async (page) => {
      await openStake(page);
      const rex = page.getByTestId('rex-panel');
      // Nothing she holds has matured yet: no sale is offered, and when the rest matures is said.
      await rex.getByTestId('rex-nothing-matured').filter({ hasText: /the next REX matures on/ }).waitFor();

      const heldBefore = assetUnits((await chainRow('rexbal', 'eosio', 'alice'))?.rex_balance);
      const stake = rex.getByRole('form', { name: 'Stake TLOS into REX', exact: true });
      const unstake = rex.getByRole('form', { name: 'Unstake from REX' });
      await stake.getByLabel('TLOS to stake (up to 4 decimals)').fill('10');
      await stake.getByRole('button', { name: 'Review' }).click();
      assert.equal(await fact(page, 'Stake'), '10.0000 TLOS');
      const promised = assetUnits(await fact(page, 'REX you receive (at today’s pool)'));
      await screenshot(page, 'zero-stake-rex-review-1280');
      await signAndWait(page);
      const row = await chainRow('rexbal', 'eosio', 'alice');
      assert.equal(assetUnits(row?.rex_balance), heldBefore + promised, 'the REX bought is the REX the review promised');
      await rex.getByTestId('rex-held').filter({ hasText: grouped(row?.rex_balance as string) }).waitFor();
      await rex.getByTestId('rex-maturities').getByText(/ on /).first().waitFor();

      // Six days on, all of it has matured: more than that is refused, Max sells it all.
      await devnetControl('blocks', { skipSeconds: 6 * DAY, count: 2 });
      await page.reload();
      const matured = await rex.getByTestId('rex-matured-value').innerText();
      await unstake.getByLabel('TLOS to get back (up to 4 decimals)').fill('100000');
      await unstake.getByRole('button', { name: 'Review' }).click();
      await unstake.getByText(/Only .* has matured/).waitFor();
      await unstake.getByRole('button', { name: 'Max' }).click();
      await unstake.getByRole('button', { name: 'Review' }).click();
      assert.equal(await fact(page, 'The sale pays'), matured.replaceAll(',', ''));
      const back = assetUnits(await fact(page, 'Back to your balance'));
      const liquidBefore = assetUnits(await chainBalance('alice'));
      await signAndWait(page);
      assert.equal(assetUnits(await chainBalance('alice')), liquidBefore + back, 'the TLOS came back, to the unit');
      assert.equal(assetUnits((await chainRow('rexbal', 'eosio', 'alice'))?.rex_balance), 0n);
      await rex.getByTestId('rex-held').filter({ hasText: '0.0000 REX' }).waitFor();

      // RAM bought for TLOS: the chain books the bytes the review showed.
      const buy = page.getByRole('form', { name: 'Buy RAM' });
      const sell = page.getByRole('form', { name: 'Sell RAM' });
      await buy.getByLabel('TLOS to spend (up to 4 decimals)').fill('999999');
      await buy.getByRole('button', { name: 'Review' }).click();
      await buy.getByText('Balance too low').waitFor();
      await buy.getByLabel('TLOS to spend (up to 4 decimals)').fill('1');
      await buy.getByRole('button', { name: 'Review' }).click();
      const bought = bytesOf(await fact(page, 'RAM bought'));
      const quotaBefore = Number((await chainAccount('alice')).ram_quota);
      await signAndWait(page);
      assert.equal(Number((await chainAccount('alice')).ram_quota), quotaBefore + bought);

      // RAM sold: the chain pays what the review said.
      await sell.getByLabel('Bytes to sell').fill('4096');
      await sell.getByRole('button', { name: 'Review' }).click();
      const paid = assetUnits(await fact(page, 'You receive (after the fee)'));
      const liquid = assetUnits(await chainBalance('alice'));
      await signAndWait(page);
      assert.equal(assetUnits(await chainBalance('alice')), liquid + paid);
      assert.equal(Number((await chainAccount('alice')).ram_quota), quotaBefore + bought - 4096);
    }));

  it('alice stakes CPU and NET for bob and herself, unstakes both, and claims the TLOS back once the refund is due', () =>
    withPage(async (page) => {
      // As on a chain that no longer runs deferred transactions: nothing pays the refund by itself.
      await devnetControl('blocks', { deferred: 'skip' });
      await openStake(page);
      const panel = page.getByTestId('bandwidth-panel');
      const stake = panel.getByRole('form', { name: 'Stake CPU and NET', exact: true });
      const unstake = panel.getByRole('form', { name: 'Unstake CPU and NET', exact: true });
      const liquidBefore = assetUnits(await chainBalance('alice'));
      await stake.getByLabel('For account (empty: yourself)').fill('bob');
      await stake.getByLabel('CPU (TLOS)').fill('1');
      await stake.getByLabel('NET (TLOS)').fill('2');
      await stake.getByText('Give these TLOS to bob').waitFor();
      await stake.getByRole('button', { name: 'Review' }).click();
      assert.equal(await fact(page, 'For'), 'bob');
      await signAndWait(page);
      await panel.getByTestId('stake-table').locator('tr[data-receiver="bob"]').waitFor();

      // Unstaking more than was staked for bob is refused before signing.
      await panel.getByRole('button', { name: 'Unstake from bob' }).click();
      await unstake.getByLabel('CPU (TLOS)').fill('5');
      await unstake.getByRole('button', { name: 'Review' }).click();
      await unstake.getByText('Balance too low').waitFor();
      await unstake.getByLabel('CPU (TLOS)').fill('1');
      await unstake.getByLabel('NET (TLOS)').fill('2');
      await unstake.getByRole('button', { name: 'Review' }).click();
      await signAndWait(page);
      await panel.getByTestId('refund').filter({ hasText: /Available on/ }).waitFor();

      // Her own stake, up and down again: while TLOS is coming back, a stake for herself takes
      // it from the refund first (the review says so), and unstaking puts it back there.
      await stake.getByLabel('For account (empty: yourself)').fill('');
      await stake.getByLabel('CPU (TLOS)').fill('0.5');
      await stake.getByLabel('NET (TLOS)').fill('0.5');
      await stake.getByRole('button', { name: 'Review' }).click();
      await page.getByText('takes it from the TLOS coming back first').waitFor();
      await signAndWait(page);
      await panel.getByTestId('refund').filter({ hasText: '0.5000 TLOS CPU and 1.5000 TLOS NET' }).waitFor();
      const own = await chainAccount('alice');
      assert.equal((own.self_delegated_bandwidth as Record<string, string>).cpu_weight, '10.5000 TLOS');
      await panel.getByRole('button', { name: 'Unstake from yourself' }).click();
      await unstake.getByLabel('CPU (TLOS)').fill('0.5');
      await unstake.getByLabel('NET (TLOS)').fill('0.5');
      await unstake.getByRole('button', { name: 'Review' }).click();
      await signAndWait(page);
      await panel.getByTestId('refund').filter({ hasText: '1.0000 TLOS CPU and 2.0000 TLOS NET' }).waitFor();
      await screenshot(page, 'zero-stake-bandwidth-1280');

      // Three days on (the chain's clock) the refund is due: claimed here, it is back to the unit.
      await devnetControl('blocks', { skipSeconds: 3 * DAY + 60, count: 2 });
      await page.reload();
      await panel.getByTestId('refund').getByText('Available now: claim it to your balance.').waitFor();
      await panel.getByRole('button', { name: 'Claim 3.0000 TLOS' }).click();
      assert.equal(await fact(page, 'Claim'), '3.0000 TLOS');
      await signAndWait(page);
      assert.equal(await chainRow('refunds', 'alice', 'alice'), null);
      assert.equal(assetUnits(await chainBalance('alice')), liquidBefore, 'every TLOS staked is back');
      await panel.getByTestId('refund').waitFor({ state: 'detached' });
    }));

  it('alice votes for carol, then through a proxy; a non-producer and a non-proxy are refused before signing', () =>
    withPage(async (page) => {
      await signInWithDevWallet(page, 'alice');
      await page.getByRole('link', { name: 'Vote', exact: true }).click();
      await page.getByTestId('vote-current').getByText('Through the proxy bob.').waitFor();
      await page.getByLabel('Add a producer by account name').fill('dave');
      await page.getByRole('button', { name: 'Review the vote' }).click();
      await page.getByText('dave is not a registered block producer.').waitFor();
      await page.getByLabel('Add a producer by account name').fill('');
      await page.getByRole('checkbox', { name: 'Vote for carol' }).check();
      await page.getByRole('button', { name: 'Review the vote' }).click();
      await page.getByText('This replaces your proxy bob').waitFor();
      await screenshot(page, 'zero-vote-review-1280');
      await signAndWait(page);
      await page.getByTestId('vote-current').getByText('For 1 producer: carol.').waitFor();
      const direct = await chainRow('voters', 'eosio', 'alice');
      assert.deepEqual([direct?.proxy, direct?.producers], ['', ['carol']]);

      await page.getByLabel('Proxy account').fill('carol');
      await page.getByRole('button', { name: 'Review the proxy vote' }).click();
      await page.getByText('carol is not a registered voting proxy.').waitFor();
      await page.getByLabel('Proxy account').fill('bob');
      await page.getByRole('button', { name: 'Review the proxy vote' }).click();
      // A refusal in the wallet signs nothing; signing again goes through.
      await page.getByRole('dialog').getByRole('button', { name: 'Sign and send' }).click();
      await rejectInDevWallet(page);
      await page.getByTestId('wallet-refused').waitFor();
      await signAndWait(page);
      await page.getByTestId('vote-current').getByText('Through the proxy bob.').waitFor();
      const proxied = await chainRow('voters', 'eosio', 'alice');
      assert.deepEqual([proxied?.proxy, proxied?.producers], ['bob', []]);
    }));

  it('carol has no vote: REX offers the proxy step in the same transaction, signed herself while the sponsor is down', () =>
    withPage(async (page) => {
      await openStake(page, 'carol');
      const rex = page.getByTestId('rex-panel');
      const stake = rex.getByRole('form', { name: 'Stake TLOS into REX', exact: true });
      await stake.getByTestId('rex-vote-needed').waitFor();
      await stake.getByLabel('TLOS to stake (up to 4 decimals)').fill('1');
      await stake.getByLabel('Proxy account').fill('bob');
      await stake.getByRole('button', { name: 'Review' }).click();
      assert.equal(await fact(page, 'Voting proxy (set first)'), 'bob');
      await page.getByText('This also makes bob your voting proxy').waitFor();
      await devnetControl('sponsor', { behaviour: 'fail' });
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Sign and send' }).click();
      await dialog.getByRole('button', { name: 'Sign and pay resources myself' }).click();
      await signInDevWallet(page);
      await dialog.getByTestId('action-done').waitFor({ timeout: 20_000 });
      await devnetControl('sponsor', { behaviour: 'normal' });
      const voter = await chainRow('voters', 'eosio', 'carol');
      assert.equal(voter?.proxy, 'bob');
      assert.ok(assetUnits((await chainRow('rexbal', 'eosio', 'carol'))?.rex_balance) > 0n);
    }));
});
