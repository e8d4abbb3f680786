/**
 * The approval alarm and Revoke from history, on the devnet with the development wallet.
 *
 * The tester is anvil's dev-mnemonic account 9 (funded by anvil, untouched by the seed and
 * by every other spec). `before` gives it 40 TUSD from the deployer and a small allowance
 * to the swap pool straight on chain, so the Approvals screen has a row to change. The
 * spec then asks for an unlimited allowance: the review warns before the wallet opens and
 * offers the balance instead; the limited amount is signed and read back from the chain
 * exactly. That approval's history row then revokes it, and the chain reads 0.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createWalletClient, defineChain, http, parseAbi, parseUnits, toHex, type Address } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { inPage, launchBrowser } from './browser';
import { chain, confirmAndSign, ERC20_ABI, evmAccount, evmManifest, signInWithDevKey } from './evmDevnet';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const WRITE_ABI = parseAbi(['function approve(address spender, uint256 amount)', 'function transfer(address to, uint256 amount)']);

let browser: Browser;
let tester: { address: Address; privateKey: `0x${string}` };
let tusd: Address;
let swap: Address;

function devnetChain() {
  const manifest = evmManifest();
  return defineChain({ id: manifest.chainId, name: 'devnet', nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 }, rpcUrls: { default: { http: [manifest.rpcUrl] } } });
}

async function write(privateKey: `0x${string}`, address: Address, functionName: 'approve' | 'transfer', args: readonly [Address, bigint]) {
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain: devnetChain(), transport: http(evmManifest().rpcUrl) });
  const hash = await wallet.writeContract({ address, abi: WRITE_ABI, functionName, args });
  const receipt = await chain().waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
}

const allowance = () => chain().readContract({ address: tusd, abi: ERC20_ABI, functionName: 'allowance', args: [tester.address, swap] });

async function approvalsTotal(): Promise<number> {
  const response = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${tester.address}/approvals`);
  return ((await response.json()) as { total: number }).total;
}

before(async () => {
  browser = await launchBrowser();
  const hd = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 });
  const key = hd.getHdKey().privateKey;
  if (!key) throw new Error('no key for account 9');
  tester = { address: hd.address, privateKey: toHex(key) };
  const manifest = evmManifest();
  tusd = manifest.contracts.TUSD ?? '0x';
  swap = (manifest.seeded.helperContracts as Record<string, Address>).SWAP ?? '0x';
  await write(evmAccount('deployer').privateKey, tusd, 'transfer', [tester.address, parseUnits('40', 6)]);
  await write(tester.privateKey, tusd, 'approve', [swap, parseUnits('1', 6)]);
  for (let attempt = 0; (await approvalsTotal()) < 1; attempt += 1) {
    if (attempt > 60) throw new Error('the tester approval never showed up in the server index');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width, height: 900 });
}

async function openApprovals(page: Page) {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
}

describe('the approval alarm', () => {
  it('warns about an unlimited approval before the wallet opens, and the limited amount is what lands on chain', () =>
    withPage(async (page) => {
      await signInWithDevKey(page, tester.privateKey);
      await openApprovals(page);
      const row = page.locator(`tr[data-approval-id="${swap}-${tusd}"]`);
      await row.getByRole('button', { name: /Change/ }).click();
      const change = page.getByRole('dialog', { name: 'Change allowance' });
      await change.getByLabel('Unlimited').check();
      await change.getByRole('button', { name: 'Review', exact: true }).click();

      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      const alarm = review.getByTestId('approval-alarm');
      await alarm.getByRole('heading', { name: 'This grants an unlimited approval' }).waitFor({ timeout: 30_000 });
      const text = await alarm.innerText();
      assert.match(text, /the spender can take every TUSD you have/);
      assert.match(text, /Approved to/);
      assert.match(text, new RegExp(swap));
      assert.match(text, /a contract/);
      assert.match(text, /First seen/);
      assert.match(text, /(No other owner has approved it|\d+ other owners? ha(s|ve) approved it) \(per the index\)/);
      // No wallet prompt yet: the alarm comes before it.
      assert.equal(await page.getByRole('dialog', { name: 'Development wallet' }).isVisible(), false);

      const limited = alarm.getByLabel('Amount (TUSD)');
      assert.equal(await limited.inputValue(), '40', 'the balance is offered');
      await limited.fill('12.5');
      await alarm.getByRole('button', { name: 'Use this amount' }).click();
      await review.getByText('New allowance').waitFor();
      await review.getByText('12.5 TUSD').first().waitFor({ timeout: 30_000 });
      await review.getByTestId('approval-alarm').getByRole('heading', { name: 'This grants an approval' }).waitFor({ timeout: 30_000 });
      await confirmAndSign(page);
      assert.equal(await allowance(), parseUnits('12.5', 6));
    }));

  it('revokes that approval from its history row, leaving 0 on chain', () =>
    withPage(async (page) => {
      assert.equal(await allowance(), parseUnits('12.5', 6));
      await signInWithDevKey(page, tester.privateKey);
      await page.goto('/evm/wallet?tab=history');
      const revoke = page.getByRole('link', { name: /Revoke the approval granted in transaction/ }).first();
      await revoke.waitFor({ timeout: 30_000 });
      await revoke.click();
      await page.waitForURL((url) => url.pathname === '/evm/allowances');
      const request = page.getByTestId('revoke-request');
      await request.getByText(/From your history: revoke the approval of TUSD/).waitFor({ timeout: 30_000 });
      await request.getByRole('button', { name: 'Revoke this approval' }).click();
      await confirmAndSign(page);
      assert.equal(await allowance(), 0n);
    }));
});
