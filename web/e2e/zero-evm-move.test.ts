/**
 * Moving TLOS between Telos Zero and Telos EVM (issue 31, ADR 0035) on both devnets,
 * signed in on both chains: the native `eosio.evm` contract takes the deposit and the
 * withdrawal, the devnet's relay carries each to the other chain, and the test reads
 * both chains to check each balance changed by exactly the amount and the fees.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec, screenshot } from './browser';
import { chain, connectDevWallet, evmAccount, rejectInDevWallet, signInDevWallet } from './evmDevnet';
import { chainBalance, devnetControl, nativeManifest, signInWithDevWallet } from './nativeDevnet';

const { withPage } = browserForSpec();

/** "900.0000 TLOS" → 9000000n (native units). */
function units(balance: string | null): bigint {
  return balance === null ? 0n : BigInt(balance.replace(/ TLOS$/, '').replace('.', ''));
}

const WEI_PER_UNIT = 10n ** 14n;

function linkedAddressOf(account: string): string {
  const links = (nativeManifest().seeded as unknown as { evmLinks: { account: string; address: string }[] }).evmLinks;
  const link = links.find((candidate) => candidate.account === account);
  assert.ok(link !== undefined, `${account} has a linked address in the manifest`);
  return link.address;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${String(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Both sessions: native alice with the devnet wallet, EVM alice with her devnet key; lands on /zero. */
async function signInBoth(page: Page, native = 'alice', evm = 'alice') {
  await signInWithDevWallet(page, native);
  await connectDevWallet(page, evm);
  await page.goto('/zero/balance');
  await page.getByTestId('zero-account').filter({ hasText: `${native}@active` }).waitFor();
}

function moveDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Move TLOS between Telos Zero and Telos EVM' });
}

async function openMove(page: Page, direction: 'Telos Zero → Telos EVM' | 'Telos EVM → Telos Zero', amount: string, to?: string) {
  await page.locator('.zero-actions').getByRole('button', { name: 'Move TLOS' }).click();
  const dialog = moveDialog(page);
  await dialog.getByRole('radio', { name: direction }).check();
  await dialog.getByLabel('Amount (TLOS, up to 4 decimals)').fill(amount);
  if (to !== undefined) await dialog.getByLabel(/^To this Telos (EVM address|Zero account)$/).fill(to);
  await dialog.getByRole('button', { name: 'Review' }).click();
  return dialog;
}

/** The EVM fee `from` paid in its last transaction of the latest blocks (gas used × effective price). */
async function lastFeePaidBy(from: string): Promise<bigint> {
  const client = chain();
  const head = await client.getBlockNumber();
  for (let number = head; number > head - 20n && number >= 0n; number -= 1n) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
    const sent = block.transactions.find((tx) => tx.from.toLowerCase() === from.toLowerCase());
    if (sent !== undefined) {
      const receipt = await client.getTransactionReceipt({ hash: sent.hash });
      return receipt.gasUsed * receipt.effectiveGasPrice;
    }
  }
  throw new Error(`no transaction from ${from} in the last 20 blocks`);
}

describe('moving TLOS between Telos Zero and Telos EVM', () => {
  after(() => devnetControl('sponsor', { behaviour: 'normal' }));

  it('alice moves 12.5 TLOS to her EVM address and back; each chain changes by exactly the amount and the fees', () =>
    withPage(async (page) => {
      const evmAlice = evmAccount('alice').address;
      const linked = linkedAddressOf('alice');
      const client = chain();
      await signInBoth(page);
      const nativeBefore = units(await chainBalance('alice'));
      const evmBefore = await client.getBalance({ address: evmAlice });
      const linkedBefore = await client.getBalance({ address: linked as `0x${string}` });

      // Zero → EVM: one native signature; the destination is her EVM wallet by default.
      await page.locator('.zero-actions').getByRole('button', { name: 'Move TLOS' }).click();
      await screenshot(page, 'zero-move-form-1280');
      await moveDialog(page).getByRole('button', { name: 'Cancel' }).click();
      const toEvm = await openMove(page, 'Telos Zero → Telos EVM', '12.5');
      await toEvm.getByTestId('move-arrives').filter({ hasText: `12.5000 TLOS at ${evmAlice.toLowerCase()} on Telos EVM` }).waitFor();
      await toEvm.getByRole('button', { name: 'Move 12.5000 TLOS' }).click();
      await signInDevWallet(page);
      await toEvm.getByTestId('move-done').waitFor({ timeout: 30_000 });
      assert.equal(units(await chainBalance('alice')), nativeBefore - 125_000n, 'alice paid exactly 12.5 TLOS on Telos Zero');
      await waitFor(() => client.getBalance({ address: evmAlice }), (wei) => wei === evmBefore + 125_000n * WEI_PER_UNIT, 'her EVM address gets exactly 12.5 TLOS');
      await toEvm.getByRole('button', { name: 'Close' }).click();

      // EVM → Zero: her EVM wallet sends to the linked address, then her native wallet withdraws.
      const toZero = await openMove(page, 'Telos EVM → Telos Zero', '12.5');
      await toZero.getByTestId('move-arrives').filter({ hasText: '12.5000 TLOS to alice on Telos Zero' }).waitFor();
      await toZero.getByText(/Two: first your EVM wallet sends/).waitFor();
      await toZero.getByTestId('move-evm-fee').waitFor();
      await screenshot(page, 'zero-move-to-zero-review-1280');
      await toZero.getByRole('button', { name: 'Move 12.5000 TLOS' }).click();
      await signInDevWallet(page); // step 1, the EVM leg
      await signInDevWallet(page); // step 2, the native leg
      await toZero.getByTestId('move-done').waitFor({ timeout: 40_000 });
      const fee = await lastFeePaidBy(evmAlice);
      assert.equal(units(await chainBalance('alice')), nativeBefore, 'the 12.5 TLOS is back on Telos Zero, to the unit');
      assert.equal(await client.getBalance({ address: evmAlice }), evmBefore - fee, 'her EVM address is back where it was, less the network fee');
      await waitFor(() => client.getBalance({ address: linked as `0x${string}` }), (wei) => wei === linkedBefore, 'the linked address passed the TLOS through');
      // Both balances refreshed without a reload.
      const shown = `${(nativeBefore / 10_000n).toLocaleString('en-US')}.${(nativeBefore % 10_000n).toString().padStart(4, '0')}`;
      await page.locator('tr[data-token="TLOS"]').filter({ hasText: shown }).waitFor({ timeout: 15_000 });

      // Both histories name the move and its other side.
      const nativeHistory = page.getByRole('region', { name: 'History' });
      await nativeHistory.locator('.zero-history__item').filter({ hasText: `Moved 12.5000 TLOS from alice to Telos EVM ${evmAlice.toLowerCase()}` }).first().waitFor({ timeout: 20_000 });
      await nativeHistory.locator('.zero-history__item').filter({ hasText: 'Withdrew 12.5000 TLOS from the linked Telos EVM address to alice' }).first().waitFor();
      await page.goto('/evm/wallet?tab=history');
      const evmHistory = page.getByRole('region', { name: 'History' });
      await evmHistory.getByTestId('evm-history-row').filter({ hasText: 'Telos Zero alice' }).first().waitFor({ timeout: 20_000 });
    }));

  it('a move to Telos Zero interrupted after its EVM leg says where the TLOS is and finishes after a reload', () =>
    withPage(async (page) => {
      await signInBoth(page);
      const bobBefore = units(await chainBalance('bob'));
      const dialog = await openMove(page, 'Telos EVM → Telos Zero', '2', 'bob');
      await dialog.getByRole('button', { name: 'Move 2.0000 TLOS' }).click();
      await signInDevWallet(page); // the EVM leg goes through
      await rejectInDevWallet(page); // the native leg is refused
      await dialog.getByTestId('move-half-done').filter({ hasText: /2\.0000 TLOS is in your linked address 0x[0-9a-fA-F]{40} on Telos EVM/ }).waitFor({ timeout: 30_000 });
      assert.equal(units(await chainBalance('bob')), bobBefore, 'nothing reached bob yet');

      await page.reload();
      const notice = page.getByTestId('move-resume');
      await notice.getByText(/A move to Telos Zero is half done/).waitFor();
      await notice.getByRole('button', { name: 'Finish the move' }).click();
      const finish = moveDialog(page);
      await finish.getByTestId('move-arrives').filter({ hasText: '2.0000 TLOS to bob on Telos Zero' }).waitFor();
      await finish.getByRole('button', { name: 'Finish the move' }).click();
      await signInDevWallet(page);
      await finish.getByTestId('move-done').waitFor({ timeout: 30_000 });
      assert.equal(units(await chainBalance('bob')), bobBefore + 20_000n, 'bob got exactly 2 TLOS');
      await finish.getByRole('button', { name: 'Close' }).click();
      assert.equal(await page.getByTestId('move-resume').count(), 0, 'nothing is left to finish');
    }));

  it('reaches another account’s EVM address, signs itself when the sponsor is down, and refuses bad moves before signing', () =>
    withPage(async (page) => {
      const bobEvm = evmAccount('bob').address;
      const client = chain();
      await signInBoth(page);
      const bobEvmBefore = await client.getBalance({ address: bobEvm });

      await devnetControl('sponsor', { behaviour: 'fail' });
      const dialog = await openMove(page, 'Telos Zero → Telos EVM', '1', bobEvm);
      await dialog.getByRole('button', { name: 'Move 1.0000 TLOS' }).click();
      await dialog.getByRole('button', { name: 'Sign and pay resources myself' }).click();
      await signInDevWallet(page);
      await dialog.getByTestId('move-done').waitFor({ timeout: 30_000 });
      await waitFor(() => client.getBalance({ address: bobEvm }), (wei) => wei === bobEvmBefore + WEI_PER_UNIT * 10_000n, 'bob’s EVM address gets 1 TLOS');
      await devnetControl('sponsor', { behaviour: 'normal' });
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Over the balance: refused by the form, nothing asked of the server or the wallet.
      const over = await openMove(page, 'Telos Zero → Telos EVM', '1000000');
      await over.getByRole('alert').filter({ hasText: /balance/i }).waitFor();
      await over.getByRole('button', { name: 'Cancel' }).click();
      // A native account that does not exist: the server's refusal, with the name.
      const nobody = await openMove(page, 'Telos EVM → Telos Zero', '1', 'nosuchacct');
      await nobody.getByRole('alert').filter({ hasText: 'There is no account nosuchacct on this network' }).waitFor();
      await nobody.getByRole('button', { name: 'Cancel' }).click();
      // A reserved address stands for a native account: refused with the way to pay it.
      const reserved = await openMove(page, 'Telos Zero → Telos EVM', '1', '0xbbbbbbbbbbbbbbbbbbbbbbbb3d0e000000000000');
      await reserved.getByRole('alert').filter({ hasText: /stands for the Telos Zero account/ }).waitFor();
      await reserved.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await page.getByRole('dialog', { name: 'Development wallet' }).count(), 0, 'the wallet was never asked');
    }));

  it('catches a lack of RAM before signing, with what fixing it costs', () =>
    withPage(async (page) => {
      // kid2.carol sells RAM until it has less free than a new EVM address's row takes.
      const sold = await devnetControl('sellram', { account: 'kid2.carol', bytes: 500 });
      assert.ok(Number(sold.ramQuota) - Number(sold.ramUsage) < 477, JSON.stringify(sold));
      await signInWithDevWallet(page, 'kid2.carol');
      const dialog = await openMove(page, 'Telos Zero → Telos EVM', '0.5', `0x${'00'.repeat(19)}b7`);
      const short = dialog.getByTestId('move-ram-short');
      await short.filter({ hasText: /Not enough RAM: this move needs 477 bytes and kid2\.carol has \d+ free\. Buy \d+ bytes of RAM \(about \d+\.\d{4} TLOS\)/ }).waitFor();
      assert.equal(await dialog.getByRole('button', { name: 'Move 0.5000 TLOS' }).isDisabled(), true, 'nothing can be signed');
      await screenshot(page, 'zero-move-review-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'zero-move-review-390');
    }));
});
