/**
 * One account, both chains (issue 15): the devnet's `eosio.evm` contract links the
 * native alice to a keyless EVM address (`create`, as on Telos), to which she deposited
 * 25 TLOS (carried to the EVM devnet by the devnet EVM relay). /zero shows the linked
 * address with its TLOS balance (as the EVM wallet reads it) and opens it in the EVM
 * wallet; the EVM wallet names the native account and links back.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserForSpec } from './browser';
import { evmAccount, shownExact, walletBalanceRow } from './evmDevnet';
import { nativeManifest, viewNativeAccount } from './nativeDevnet';

const { withPage } = browserForSpec();

describe('one account, both chains', () => {
  it('shows the EVM address linked to a native account, its TLOS, and links both ways', () =>
    withPage(async (page) => {
      const { evmLinks, evmDeposits } = nativeManifest().seeded;
      const linked = evmLinks.find((link) => link.account === 'alice');
      assert.ok(linked !== undefined, 'alice is linked');
      assert.equal(linked.keyless, true, 'to a keyless address, as Telos links accounts');
      assert.notEqual(linked.address, evmAccount('alice').address, 'not her development wallet: nobody holds a key for it');
      const deposited = evmDeposits.find((deposit) => deposit.address === linked.address);
      assert.equal(deposited?.quantity, '25.0000 TLOS');
      await viewNativeAccount(page, 'alice');
      const card = page.getByRole('region', { name: 'Telos EVM' });
      await card.getByTestId('linked-evm-address').filter({ hasText: linked.address }).waitFor();
      const amount = card.getByTestId('linked-evm-tlos-amount');
      await amount.waitFor();
      const tlos = (await shownExact(amount)).replace(/ TLOS$/, '');
      // Exactly the deposit: the relay carried it to the EVM devnet, where the wallet reads it.
      assert.match(tlos, /^25(\.0+)?$/);
      // The combined fiat total is the native total plus the EVM total, as shown.
      const money = (text: string) => BigInt(text.replace(/[$,.]/g, ''));
      const evmTotal = await card.getByTestId('linked-evm-total').filter({ hasText: /^\$[\d,]+\.\d{2}$/ }).innerText();
      const nativeTotal = await page.getByTestId('native-total').filter({ hasText: /^\$/ }).innerText();
      const combined = await card.getByTestId('combined-total').innerText();
      assert.equal(money(combined), money(nativeTotal) + money(evmTotal), `${combined} = ${nativeTotal} + ${evmTotal}, as shown`);

      await card.getByRole('button', { name: 'Open in the EVM wallet' }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.locator('.page__account').getByText(linked.address, { exact: true }).waitFor();
      await page.getByText('Read-only', { exact: true }).first().waitFor();
      // The same TLOS figure on both screens.
      assert.equal(await shownExact(walletBalanceRow(page, 'TLOS').getByRole('cell').first()), tlos);

      const back = page.getByTestId('linked-native-account');
      await back.getByText('alice', { exact: true }).waitFor();
      await back.getByRole('link', { name: 'Open in Telos Zero' }).click();
      await page.waitForURL((url) => url.pathname === '/zero/balance');
      await page.getByTestId('zero-account').filter({ hasText: 'alice@active' }).waitFor();
    }));

  it('says so when a native account has no linked address', () =>
    withPage(async (page) => {
      await viewNativeAccount(page, 'bob');
      await page.getByRole('region', { name: 'Telos EVM' }).getByText('No Telos EVM address is linked to bob.').waitFor();
    }));
});
