/**
 * Staking against the real stack (tandem-server on the anvil devnet), signed by
 * the development wallet. Staking and unstaking use anvil's development accounts 7
 * and 8, seeded with nothing and used by no other spec; withdrawing uses the
 * seeded withdrawable escrow deposit, which is alice's (manifest
 * `seeded.escrowDeposits`, `withdrawable: true`). Every check is relative to a
 * chain read taken just before the action. Transactions the test itself sends (to
 * set up a failure) go straight to the node, where anvil's accounts are unlocked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { encodeFunctionData, formatUnits, parseAbi, parseEther, type Address } from 'viem';
import { launchBrowser, inPage, openPage } from './browser';
import { anvilAccount, chain, confirmAndSign, evmAccount, evmManifest, rejectInDevWallet, signInWithDevKey } from './evmDevnet';

const STAKER = anvilAccount(7);
const SPENDER = anvilAccount(8);
const SINK: Address = '0x000000000000000000000000000000000000dEaD';
const ONE = parseEther('1');

const STLOS_ABI = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function previewDeposit(uint256 assets) view returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
  'function totalAssets() view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function depositTLOS() payable returns (uint256)',
]);
const ESCROW_ABI = parseAbi([
  'function depositsOf(address account) view returns ((uint256 amount, uint64 until)[])',
  'function maxWithdraw(address account) view returns (uint256)',
]);

interface SeededDeposit {
  account: string;
  address: Address;
  amount: string;
  until: number;
  withdrawable: boolean;
}

function contract(name: 'STLOS' | 'ESCROW'): Address {
  const address = evmManifest().contracts[name];
  if (!address) throw new Error(`the manifest has no ${name} contract`);
  return address;
}

const stlosBalance = (owner: Address) => chain().readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'balanceOf', args: [owner] });
const depositsOf = (owner: Address) => chain().readContract({ address: contract('ESCROW'), abi: ESCROW_ABI, functionName: 'depositsOf', args: [owner] });

/** A JSON-RPC call straight to the devnet's node (anvil's accounts are unlocked there). */
async function nodeRequest(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(evmManifest().rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message ?? 'unknown error'}`);
  return body.result;
}

const quantity = (value: bigint) => `0x${value.toString(16)}`;

/** Sends a transaction from an unlocked anvil account on the node and waits until it is mined. */
async function sendOnNode(transaction: { from: Address; to: Address; value?: bigint; data?: `0x${string}`; gasPrice?: bigint }) {
  const params = {
    from: transaction.from,
    to: transaction.to,
    value: quantity(transaction.value ?? 0n),
    ...(transaction.data === undefined ? {} : { data: transaction.data }),
    // A plain transfer with a fixed fee, so the test knows exactly what is left.
    ...(transaction.gasPrice === undefined ? {} : { gas: quantity(21_000n), gasPrice: quantity(transaction.gasPrice) }),
  };
  const hash = await nodeRequest('eth_sendTransaction', [params]);
  if (typeof hash !== 'string') throw new Error('the node answered no transaction hash');
  return chain().waitForTransactionReceipt({ hash: hash as `0x${string}` });
}

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
  // anvil funds its accounts at genesis, which the devnet's built-in index sees only from an
  // account's first transaction: one zero-value transaction to itself makes the balances match.
  for (const { address } of [STAKER, SPENDER]) await sendOnNode({ from: address, to: address });
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width });
}

/** Home → Development wallet (devnet only) → the key → Connect, then the Staking screen. */
async function openStakingAs(page: Page, privateKey: string) {
  await signInWithDevKey(page, privateKey);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staking' }).click();
  await page.getByRole('heading', { level: 1, name: 'Staking' }).waitFor();
}

function fact(page: Page, region: string | RegExp, label: string) {
  return page.getByRole('region', { name: region }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
}

/** Waits until the STLOS the screen shows is `expected` wei. */
async function waitForShownStlos(page: Page, expected: bigint) {
  const cell = fact(page, 'Your staking', 'STLOS held').locator('data');
  const deadline = Date.now() + 30_000;
  let shown: string | null = null;
  while (Date.now() < deadline) {
    shown = await cell.getAttribute('value').catch(() => null);
    if (shown === expected.toString()) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`STLOS on screen is ${String(shown)} wei, the chain says ${expected.toString()}`);
}

/** Waits until the TLOS to stake is shown (the balances have loaded). */
async function waitForTlos(page: Page) {
  await fact(page, 'Your staking', 'TLOS available to stake').locator('data').waitFor();
}

const review = (page: Page) => page.getByRole('dialog', { name: 'Review the transaction' });
const escrowRow = (page: Page, until: number | bigint) =>
  page.getByRole('region', { name: 'Unstaked TLOS in the escrow' }).getByRole('row').filter({ has: page.locator(`time[datetime="${new Date(Number(until) * 1000).toISOString()}"]`) });

describe('Staking', () => {
  it('shows the measured yield (none on a chain younger than its windows), the STLOS price, total staked and the lock wording; a viewer is asked to connect instead of the forms', () =>
    withPage(async (page) => {
      const alice = evmAccount('alice').address;
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(alice);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.goto('/evm/staking');

      const figures = /^Staking on /;
      // The devnet is minutes old: no 7 or 30 days of past to measure, said in words and no figure.
      for (const days of [7, 30]) {
        await page.getByTestId(`staking-yield-${days}`).getByText(`Not measured: the chain is younger than ${days} days.`).waitFor();
      }
      assert.doesNotMatch(await page.getByTestId('staking-yield').innerText(), /%/);
      const client = chain();
      const [redeemOne, totalAssets] = await Promise.all([
        client.readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'previewRedeem', args: [ONE] }),
        client.readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'totalAssets' }),
      ]);
      assert.equal(await fact(page, figures, 'Value of 1 STLOS').locator('data').getAttribute('value'), formatUnits(redeemOne, 18));
      assert.equal(await fact(page, figures, 'Total staked').locator('data').getAttribute('value'), formatUnits(totalAssets, 18));
      assert.equal(await fact(page, figures, 'Unlock period').innerText(), '1 hour');
      await page.getByText('Staking rewards compound about every 30 minutes').waitFor();
      await page.getByText('Unstaked TLOS is locked in the escrow for 1 hour before you can withdraw it.').waitFor();

      await page.getByRole('heading', { name: 'Connect your wallet to stake' }).waitFor();
      assert.equal(await page.getByLabel('Amount to stake (TLOS)').count(), 0, 'no form for a viewer');
      // The viewer still sees alice's escrow deposits, without a Withdraw button.
      const deposits = await depositsOf(alice);
      assert.equal(await page.getByRole('region', { name: 'Unstaked TLOS in the escrow' }).locator('tbody tr').count(), deposits.length);
      assert.equal(await page.getByRole('button', { name: /^Withdraw/ }).count(), 0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(overflow, false, 'nothing scrolls sideways');
    }, 360));

  it('stakes TLOS and receives the expected STLOS', () =>
    withPage(async (page) => {
      await openStakingAs(page, STAKER.privateKey);
      await waitForTlos(page);
      const client = chain();
      const [before, depositOne, shares] = await Promise.all([
        stlosBalance(STAKER.address),
        client.readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'previewDeposit', args: [ONE] }),
        client.readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'previewDeposit', args: [parseEther('5')] }),
      ]);
      await page.getByLabel('Amount to stake (TLOS)').fill('5');
      const expected = formatUnits((parseEther('5') * depositOne) / ONE, 18);
      // At display precision like every amount, every digit one hover or tap away.
      const preview = page.locator('.staking-preview__title').filter({ hasText: 'You receive about' });
      await preview.waitFor();
      const amount = preview.locator('.amount');
      assert.equal((await amount.getAttribute('data-exact')) ?? (await amount.innerText()), expected);
      await page.getByRole('button', { name: 'Review stake' }).click();
      await review(page).getByText('STLOS you receive (about)').waitFor();
      assert.match(await confirmAndSign(page), /^Stake 5 TLOS for about [\d.]+ STLOS$/);

      const after = await stlosBalance(STAKER.address);
      assert.equal(after - before, shares, 'the vault minted previewDeposit(5 TLOS) STLOS');
      await waitForShownStlos(page, after);
      await page.locator('.toaster').getByText('TLOS staked').waitFor();
    }));

  it('unstakes STLOS into the escrow: a new locked deposit appears with its unlock time', () =>
    withPage(async (page) => {
      if ((await stlosBalance(STAKER.address)) < ONE) {
        await sendOnNode({ from: STAKER.address, to: contract('STLOS'), value: parseEther('2'), data: encodeFunctionData({ abi: STLOS_ABI, functionName: 'depositTLOS' }) });
      }
      await openStakingAs(page, STAKER.privateKey);
      await waitForShownStlos(page, await stlosBalance(STAKER.address));
      const before = await depositsOf(STAKER.address);
      const redeemOne = await chain().readContract({ address: contract('STLOS'), abi: STLOS_ABI, functionName: 'previewRedeem', args: [ONE] });

      await page.getByRole('radio', { name: 'Unstake' }).check();
      await page.getByLabel('Amount to unstake (STLOS)').fill('1');
      await page.getByText(`You get ${formatUnits(redeemOne, 18)} TLOS`).waitFor();
      await page.getByText(/^Locked in the escrow until about .+ \(1 hour after the transaction\)\.$/).waitFor();
      await page.getByRole('button', { name: 'Review unstake' }).click();
      await review(page).getByText('Withdrawable from about').waitFor();
      assert.match(await confirmAndSign(page), /^Unstake [\d.]+ TLOS; it stays locked for 1 hour before you can withdraw it$/);

      const after = await depositsOf(STAKER.address);
      assert.equal(after.length, before.length + 1, 'one new escrow deposit');
      const added = after[after.length - 1];
      if (added === undefined) throw new Error('no new deposit');
      assert.equal(added.amount, redeemOne);
      const row = escrowRow(page, added.until);
      await row.waitFor();
      // The row shows the amount at display precision; every wei is in its <data> (one tap away).
      assert.equal(await row.locator('data').first().getAttribute('value'), redeemOne.toString());
      assert.match(await row.innerText(), / TLOS/);
      await row.getByText(/^Unlocks in (0:59:\d\d|1:00:00)$/).waitFor();
    }));

  it('withdraws the seeded withdrawable deposit; a second withdraw of it fails with the withdraw message', async () => {
    const seeded = (evmManifest().seeded.escrowDeposits as SeededDeposit[]).find((deposit) => deposit.withdrawable);
    if (!seeded) throw new Error('the manifest has no withdrawable escrow deposit');
    const owner = evmAccount(seeded.account);
    const client = chain();
    assert.ok((await depositsOf(owner.address)).some((deposit) => Number(deposit.until) === seeded.until), 'the seeded deposit is still in the escrow');
    const unlocked = await client.readContract({ address: contract('ESCROW'), abi: ESCROW_ABI, functionName: 'maxWithdraw', args: [owner.address] });

    const first = await openPage(browser);
    const second = await openPage(browser);
    try {
      // A second tab prepares the same withdraw before the first one sends it.
      await openStakingAs(second.page, owner.privateKey);
      await escrowRow(second.page, seeded.until).getByText('Unlocked').waitFor();
      await second.page.getByRole('button', { name: `Withdraw ${formatUnits(unlocked, 18)} TLOS` }).click();
      await review(second.page).getByRole('button', { name: 'Confirm in wallet' }).waitFor();

      await openStakingAs(first.page, owner.privateKey);
      await escrowRow(first.page, seeded.until).getByText('Unlocked').waitFor();
      const tlosBefore = await client.getBalance({ address: owner.address });
      await first.page.getByRole('button', { name: `Withdraw ${formatUnits(unlocked, 18)} TLOS` }).click();
      await review(first.page).getByText('TLOS you withdraw').waitFor();
      assert.equal(await confirmAndSign(first.page), `Withdraw ${formatUnits(unlocked, 18)} TLOS of unlocked stake`);

      const gained = (await client.getBalance({ address: owner.address })) - tlosBefore;
      assert.ok(gained > unlocked - parseEther('0.01') && gained < unlocked, `the unlocked TLOS arrived, less the fee: ${gained.toString()}`);
      assert.equal(await client.readContract({ address: contract('ESCROW'), abi: ESCROW_ABI, functionName: 'maxWithdraw', args: [owner.address] }), 0n);
      assert.ok(!(await depositsOf(owner.address)).some((deposit) => Number(deposit.until) === seeded.until), 'the seeded deposit left the escrow');
      await escrowRow(first.page, seeded.until).waitFor({ state: 'detached' });
      await first.page.getByText(/^Nothing to withdraw yet\./).waitFor();

      // The other tab's withdraw now has nothing to take: it reverts, and says so with spec §8's key.
      await review(second.page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await second.page.getByRole('dialog', { name: 'Development wallet' }).getByRole('button', { name: 'Sign' }).click();
      await second.page.locator('.toaster').getByText(/^Withdrawing failed: The transaction failed on chain \(reverted\)/).waitFor({ timeout: 30_000 });
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  it('says "You rejected the transaction" when a stake is refused in the wallet, and nothing moves', () =>
    withPage(async (page) => {
      await openStakingAs(page, STAKER.privateKey);
      await waitForTlos(page);
      const nonce = await chain().getTransactionCount({ address: STAKER.address });
      await page.getByLabel('Amount to stake (TLOS)').fill('1');
      await page.getByRole('button', { name: 'Review stake' }).click();
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await rejectInDevWallet(page);
      await page.locator('.toaster').getByText('You rejected the transaction').waitFor();
      await review(page).getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await chain().getTransactionCount({ address: STAKER.address }), nonce, 'nothing was sent');
    }));

  it('shows the unstake failure message when the unstake reverts on chain', () =>
    withPage(async (page) => {
      if ((await stlosBalance(STAKER.address)) === 0n) {
        await sendOnNode({ from: STAKER.address, to: contract('STLOS'), value: parseEther('1'), data: encodeFunctionData({ abi: STLOS_ABI, functionName: 'depositTLOS' }) });
      }
      await openStakingAs(page, STAKER.privateKey);
      const held = await stlosBalance(STAKER.address);
      await waitForShownStlos(page, held);
      await page.getByRole('radio', { name: 'Unstake' }).check();
      await page.getByRole('button', { name: 'Max' }).click();
      await page.getByRole('button', { name: 'Review unstake' }).click();
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).waitFor();

      // While the review is open the STLOS leaves the account elsewhere: the prepared unstake now reverts.
      await sendOnNode({
        from: STAKER.address,
        to: contract('STLOS'),
        data: encodeFunctionData({ abi: STLOS_ABI, functionName: 'transfer', args: [SINK, held] }),
      });
      const depositsBefore = (await depositsOf(STAKER.address)).length;
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await page.getByRole('dialog', { name: 'Development wallet' }).getByRole('button', { name: 'Sign' }).click();
      await page.locator('.toaster').getByText(/^Unstaking failed: The transaction failed on chain \(reverted\)/).waitFor({ timeout: 30_000 });
      assert.equal((await depositsOf(STAKER.address)).length, depositsBefore, 'nothing went into the escrow');
    }));

  it('shows the stake failure message when the account can no longer pay for a reviewed stake', () =>
    withPage(async (page) => {
      await openStakingAs(page, SPENDER.privateKey);
      await waitForTlos(page);
      await page.getByLabel('Amount to stake (TLOS)').fill('1');
      await page.getByRole('button', { name: 'Review stake' }).click();
      await review(page).getByRole('button', { name: 'Confirm in wallet' }).waitFor();

      // While the review is open the account spends nearly all its TLOS elsewhere.
      const client = chain();
      const gasPrice = await client.getGasPrice();
      const balance = await client.getBalance({ address: SPENDER.address });
      await sendOnNode({ from: SPENDER.address, to: SINK, value: balance - 21_000n * gasPrice - parseEther('0.001'), gasPrice });

      await review(page).getByRole('button', { name: 'Confirm in wallet' }).click();
      await page.getByRole('dialog', { name: 'Development wallet' }).getByRole('button', { name: 'Sign' }).click();
      await page.locator('.toaster').getByText(/^Staking failed: You don't have enough funds to complete this transaction/).waitFor({ timeout: 30_000 });
      assert.equal(await stlosBalance(SPENDER.address), 0n, 'nothing was staked');
    }));
});
