/**
 * The native fee sponsor against the real stack (spec §4 fee-sponsor flow): it pays
 * after the user took minutes to decide, and when it fails — an error, no answer in
 * time, an answer our verifier refuses — the user signs and pays the resources from
 * the same dialog. The devnet's sponsor is told how to misbehave through its test
 * control (devnet/native/README.md "Test controls").
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec } from './browser';
import { signInDevWallet } from './devWalletPrompt';
import { chainHeadTime, devnetControl, signInWithDevWallet, tokenRow } from './nativeDevnet';

const { withPage } = browserForSpec();

after(async () => {
  await devnetControl('sponsor', { behaviour: 'normal' });
});

async function reviewTransfer(page: Page, to: string, amount: string) {
  await tokenRow(page, 'TLOS').getByRole('button', { name: 'Send TLOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send TLOS' });
  await dialog.getByLabel('Recipient account').fill(to);
  await dialog.getByLabel(/^Amount/).fill(amount);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm and sign' }).click();
  return dialog;
}

describe('the fee sponsor', () => {
  it('pays for a transfer the user signs after two minutes of the chain’s time', () =>
    withPage(async (page) => {
      // kid1.carol staked nothing: the devnet sponsor pays CPU and NET for free.
      await signInWithDevWallet(page, 'kid1.carol');
      const answered = page.waitForResponse((response) => response.url().endsWith('/sponsor') && response.request().method() === 'POST');
      const builtAt = await chainHeadTime();
      const dialog = await reviewTransfer(page, 'carol', '0.5');
      const sponsored = (await (await answered).json()) as { transaction: { expiration: string } };
      // The header is built for a person: it lives well past two minutes of reading and approving.
      const lifetime = Date.parse(`${sponsored.transaction.expiration}Z`) - builtAt;
      assert.ok(lifetime >= 120_000, `the sponsored transaction expires ${lifetime} ms after it was built`);

      await dialog.getByRole('heading', { name: 'Let the fee sponsor pay the resources?' }).waitFor({ timeout: 20_000 });
      await dialog.getByText(/keep at least 0.5 TLOS staked for CPU/).waitFor();
      // The user reads the dialog for two minutes: the chain's clock (the one that judges
      // expirations) moves 150 s ahead before the signature. A 30 s header would now be refused.
      const before = await chainHeadTime();
      await devnetControl('blocks', { skipSeconds: 150 });
      assert.ok((await chainHeadTime()) - before >= 150_000);
      await dialog.getByRole('button', { name: /Use the sponsor|Accept the fee/ }).click();
      // The wallet shows the sponsor's own action beside the transfer, each with who authorizes it.
      const actions = page.getByRole('dialog', { name: 'Development wallet' }).getByTestId('action-to-sign');
      await actions.filter({ hasText: 'greymassnoop::noop · authorized by greymassfuel@cosign' }).waitFor({ timeout: 20_000 });
      await actions.filter({ hasText: 'Send 0.5000 TLOS from kid1.carol to carol' }).getByText('eosio.token::transfer · authorized by kid1.carol@active').waitFor();
      await signInDevWallet(page);
      await page.getByRole('status').getByText('Sent 0.5000 TLOS to carol').waitFor({ timeout: 20_000 });
    }));

  it('asks a fee for RAM with its value and the total leaving the account', () =>
    withPage(async (page) => {
      // kid2.carol is short of RAM: the sponsor buys some and asks its price as a fee.
      await signInWithDevWallet(page, 'kid2.carol');
      const dialog = await reviewTransfer(page, 'carol', '0.1');
      await dialog.getByRole('heading', { name: 'Let the fee sponsor pay the resources?' }).waitFor({ timeout: 20_000 });
      const fee = dialog.getByTestId('sponsor-fee').filter({ hasText: /\$/ });
      await fee.waitFor();
      const feeText = await fee.innerText();
      const match = /^0\.(\d{4}) TLOS · \$\d+\.\d{2}$/.exec(feeText);
      assert.ok(match?.[1] !== undefined, `the fee with its value: ${feeText}`);
      // 0.1000 TLOS sent and the fee: what leaves the account, exactly.
      const total = await dialog.getByTestId('sponsor-total').innerText();
      assert.match(total, new RegExp(`^0\\.${String(1000 + Number(match[1])).padStart(4, '0')} TLOS · \\$\\d+\\.\\d{2}$`), total);
      await dialog.getByRole('button', { name: 'Sign without the sponsor' }).waitFor();
      await page.keyboard.press('Escape');
    }));

  it('fails (500, no answer in time, a tampered fee): alice signs and pays the resources herself', () =>
    withPage(async (page) => {
      await signInWithDevWallet(page, 'alice');
      const cases = [
        { behaviour: 'fail', reason: 'Code 500 not expected from resource provider endpoint.', amount: '0.0101' },
        { behaviour: 'tamper', reason: /It asked for a fee above 0.05 TLOS/, amount: '0.0102' },
        { behaviour: 'slow', delaySeconds: 15, reason: 'It did not answer in time.', amount: '0.0103' },
      ];
      for (const { behaviour, delaySeconds, reason, amount } of cases) {
        await devnetControl('sponsor', { behaviour, delaySeconds });
        const dialog = await reviewTransfer(page, 'bob', amount);
        await dialog.getByText('The fee sponsor could not pay for this transaction.').waitFor({ timeout: 30_000 });
        await dialog.getByText(reason).waitFor();
        await dialog.getByText(/Nothing was signed or sent/).waitFor();
        // Spec §9's resource advice, with what alice has staked now.
        await dialog.getByText(/Keep at least 0.5 TLOS staked for CPU and 0.5 TLOS for NET/).waitFor();
        await dialog.getByTestId('self-pay-stake').getByText(/Staked now: 10.0000 TLOS for CPU/).waitFor();
        await dialog.getByRole('button', { name: 'Sign and pay resources myself' }).click();
        await signInDevWallet(page);
        await page.getByRole('status').getByText(`Sent ${amount} TLOS to bob`).waitFor({ timeout: 20_000 });
        await dialog.waitFor({ state: 'hidden' });
      }
      await devnetControl('sponsor', { behaviour: 'normal' });
      await page.getByRole('region', { name: 'History' }).getByText('Sent 0.0103 TLOS from alice to bob').waitFor({ timeout: 20_000 });
    }));
});
