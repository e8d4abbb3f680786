/**
 * The Approvals screen against the real stack with the development wallet.
 *
 * The writes use an account of their own — anvil's dev-mnemonic index 7, funded by
 * anvil like every dev account and untouched by the seed — so alice's and bob's seeded
 * approvals, which other specs (collectible details, history) read, stay as seeded.
 * `before` gives that account one approval of every kind straight on chain (a limited
 * and an unlimited ERC-20 allowance, one ERC-721 token, an ERC-721 operator and an
 * ERC-1155 operator; the deployer mints the ERC-721 token for it). Every on-chain check
 * compares with a chain read taken just before the action.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { createWalletClient, defineChain, http, maxUint256, parseAbi, toHex, zeroAddress, type Address } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { launchBrowser, inPage } from './browser';
import { chain, ERC1155_ABI, ERC20_ABI, ERC721_ABI, evmAccount, evmManifest, rejectInDevWallet, confirmAndSign, signInDevWallet, signInWithDevKey } from './evmDevnet';

/** anvil's public development mnemonic (the devnet's named accounts are its indices 0-4). */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const TESTER_INDEX = 7;

const WRITE_ABI = parseAbi([
  'function approve(address spender, uint256 amountOrTokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to, string path) returns (uint256)',
  'function totalMinted() view returns (uint256)',
]);

interface Setup {
  tester: { address: Address; privateKey: `0x${string}` };
  tusd: Address;
  gems: Address;
  art: Address;
  items: Address;
  swap: Address;
  bob: Address;
  carol: Address;
  dave: Address;
  artTokenId: bigint;
}

let browser: Browser;
let setup: Setup;

function devnetChain() {
  const manifest = evmManifest();
  return defineChain({
    id: manifest.chainId,
    name: 'Telos EVM devnet',
    nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
    rpcUrls: { default: { http: [manifest.rpcUrl] } },
  });
}

function walletFor(privateKey: `0x${string}`) {
  return createWalletClient({ account: privateKeyToAccount(privateKey), chain: devnetChain(), transport: http(evmManifest().rpcUrl) });
}

/** Sends a transaction from `privateKey` straight to the node and waits until it is mined successfully. */
async function write(privateKey: `0x${string}`, send: (wallet: ReturnType<typeof walletFor>) => Promise<`0x${string}`>) {
  const hash = await send(walletFor(privateKey));
  const receipt = await chain().waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success', `transaction ${hash} was mined`);
}

const approve = (key: `0x${string}`, token: Address, spender: Address, amountOrId: bigint) =>
  write(key, (wallet) => wallet.writeContract({ address: token, abi: WRITE_ABI, functionName: 'approve', args: [spender, amountOrId] }));
const setOperator = (key: `0x${string}`, collection: Address, operator: Address, approved: boolean) =>
  write(key, (wallet) => wallet.writeContract({ address: collection, abi: WRITE_ABI, functionName: 'setApprovalForAll', args: [operator, approved] }));

async function approvalsApi(address: string): Promise<{ total: number; approvals: { id: string; revoked: boolean }[] }> {
  const response = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${address}/approvals`);
  return (await response.json()) as { total: number; approvals: { id: string; revoked: boolean }[] };
}

before(async () => {
  browser = await launchBrowser();
  const manifest = evmManifest();
  const hd = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: TESTER_INDEX });
  const privateKey = hd.getHdKey().privateKey;
  if (!privateKey) throw new Error('no private key for the tester account');
  const helpers = manifest.seeded.helperContracts as Record<string, Address>;
  const { contracts } = manifest;
  const need = (value: Address | undefined, name: string): Address => {
    if (value === undefined) throw new Error(`the manifest has no ${name}`);
    return value;
  };
  setup = {
    tester: { address: hd.address, privateKey: toHex(privateKey) },
    tusd: need(contracts.TUSD, 'TUSD'),
    gems: need(contracts.GEMS, 'GEMS'),
    art: need(contracts.ART, 'ART'),
    items: need(contracts.ITEMS, 'ITEMS'),
    swap: need(helpers.SWAP, 'SWAP'),
    bob: evmAccount('bob').address,
    carol: evmAccount('carol').address,
    dave: evmAccount('dave').address,
    artTokenId: 0n,
  };
  const { tester, tusd, gems, art, items, swap, bob, carol, dave } = setup;
  const key = tester.privateKey;
  await write(evmAccount('deployer').privateKey, (wallet) =>
    wallet.writeContract({ address: art, abi: WRITE_ABI, functionName: 'mint', args: [tester.address, '1.json'] }),
  );
  setup.artTokenId = await chain().readContract({ address: art, abi: WRITE_ABI, functionName: 'totalMinted' });
  await approve(key, tusd, swap, 40_000_000n);
  await approve(key, gems, bob, maxUint256);
  await approve(key, art, carol, setup.artTokenId);
  await setOperator(key, art, dave, true);
  await setOperator(key, items, carol, true);
  // The server lists approvals from its own index of the devnet, which follows the chain within a second or so.
  for (let attempt = 0; (await approvalsApi(tester.address)).total < 5; attempt += 1) {
    if (attempt > 60) throw new Error('the tester approvals never showed up in the server index');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

after(async () => {
  await browser.close();
});

function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  return inPage(browser, run, { width, height: 900 });
}

/**
 * Ticks "Show revoked". The box follows the page URL, so it shows ticked once that
 * navigation has finished, not at the click itself: wait for that instead.
 */
async function showRevoked(page: Page) {
  await page.getByRole('checkbox', { name: 'Show revoked' }).click();
  await page.getByRole('checkbox', { name: 'Show revoked', checked: true }).waitFor();
}

/** Home → Development wallet (devnet only) → the tester's key → Connect; then Approvals from the main navigation. */
async function openAsTester(page: Page) {
  await signInWithDevKey(page, setup.tester.privateKey);
  await openApprovals(page);
  await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
  // The selection bar is there once the wallet is connected (it reconnects itself after a reload).
  await page.getByRole('button', { name: /^Revoke selected/ }).waitFor();
}

/** Approvals from the main navigation (behind the menu button on a narrow screen), without reloading the page. */
async function openApprovals(page: Page) {
  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
}

/** The table row of an approval, by its batch id `spender-token[-tokenId]`. */
function row(page: Page, spender: Address, token: Address, tokenId?: bigint): Locator {
  const id = tokenId === undefined ? `${spender}-${token}` : `${spender}-${token}-${tokenId.toString()}`;
  return page.locator(`tr[data-approval-id="${id}"]`);
}

const bodyRows = (page: Page) => page.locator('.allowances-table tbody tr');

async function allowanceOf(token: Address, spender: Address) {
  return chain().readContract({ address: token, abi: ERC20_ABI, functionName: 'allowance', args: [setup.tester.address, spender] });
}
async function approvedOf(tokenId: bigint) {
  return chain().readContract({ address: setup.art, abi: ERC721_ABI, functionName: 'getApproved', args: [tokenId] });
}
async function operatorOf(collection: Address, operator: Address, abi: typeof ERC721_ABI | typeof ERC1155_ABI) {
  return chain().readContract({ address: collection, abi, functionName: 'isApprovedForAll', args: [setup.tester.address, operator] });
}

describe('approvals, read-only', () => {
  it('shows the seeded approvals of a viewed account with their risks, and no write controls', () =>
    withPage(async (page) => {
      const manifest = evmManifest();
      const alice = evmAccount('alice').address;
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(alice);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await openApprovals(page);
      await page.getByText('Connect your wallet to change approvals.').waitFor();
      await page.getByRole('heading', { name: '4 approvals' }).waitFor();

      const allowances = manifest.seeded.allowances as { ownerAddress: Address; spenderAddress: Address; tokenAddress: Address; kind: string }[];
      for (const seeded of allowances.filter((entry) => entry.ownerAddress === alice)) {
        await row(page, seeded.spenderAddress, seeded.tokenAddress).waitFor();
      }
      const approved = (manifest.seeded.erc721Approved as { tokenId: string; approvedAddress: Address; approved: string | null }[]).filter(
        (entry) => entry.approved !== null,
      );
      for (const entry of approved) {
        const single = row(page, entry.approvedAddress, setup.art, BigInt(entry.tokenId));
        assert.match(await single.innerText(), /The spender is a plain account, not a contract/);
      }
      const operators = manifest.seeded.operatorApprovals as { ownerAddress: Address; operatorAddress: Address; collection: string; approved: boolean }[];
      for (const entry of operators.filter((op) => op.ownerAddress === alice && op.approved)) {
        const wide = row(page, entry.operatorAddress, setup.art);
        assert.match(await wide.innerText(), /Every token of the collection[\s\S]*Whole collection: the operator can move every token/);
      }
      assert.equal(await page.getByRole('table').getByRole('checkbox').count(), 0, 'no selection for a viewer');
      assert.equal(await page.getByRole('button', { name: /^Revoke selected/ }).count(), 0, 'no batch for a viewer');
      assert.equal(await page.getByRole('button', { name: /^Revoke|^Change/ }).count(), 0, 'no change or revoke for a viewer');

      // carol's seeded allowance to dave was revoked: hidden until asked for.
      const carol = evmAccount('carol').address;
      const revoked = allowances.find((entry) => entry.ownerAddress === carol && entry.kind === 'revoked');
      assert.ok(revoked, 'the manifest has a revoked allowance');
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(carol);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await openApprovals(page);
      await page.getByText('This account has not approved anyone.').waitFor();
      await showRevoked(page);
      const gone = row(page, revoked.spenderAddress, revoked.tokenAddress);
      await gone.waitFor();
      assert.match(await gone.innerText(), /Revoked/);
      // The title counts what is in force, the revoked apart: never "1 approval" for none.
      await page.getByRole('heading', { name: '0 approvals in force · 1 revoked' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('revoked'), '1');
    }));
});

describe('approvals with the development wallet', () => {
  it('lists every kind with its risks in words, filters by type, searches and sorts', () =>
    withPage(async (page) => {
      const { swap, tusd, gems, bob, art, dave, items, carol, artTokenId } = setup;
      await openAsTester(page);
      await page.getByRole('heading', { name: '5 approvals' }).waitFor();
      const unlimited = await row(page, bob, gems).innerText();
      for (const words of ['Unlimited', 'Unlimited: the spender can take all of this token', 'plain account, not a contract', 'More than your balance']) {
        assert.ok(unlimited.includes(words), `the unlimited GEMS row says "${words}": ${unlimited}`);
      }
      // The tester holds no TUSD, so even a limited allowance is above its balance.
      assert.match(await row(page, swap, tusd).innerText(), /40 TUSD[\s\S]*More than your balance/);
      assert.match(await row(page, carol, art, artTokenId).innerText(), new RegExp(`#${artTokenId.toString()}`));
      assert.match(await row(page, dave, art).innerText(), /Whole collection/);
      assert.match(await row(page, carol, items).innerText(), /ERC-1155[\s\S]*Every token of the collection/);

      const types = page.getByRole('group', { name: 'Approval types' });
      await types.getByRole('button', { name: 'ERC-20' }).click();
      await page.getByRole('heading', { name: '2 approvals' }).waitFor();
      assert.equal(new URL(page.url()).searchParams.get('type'), 'erc20');
      await types.getByRole('button', { name: 'ERC-1155' }).click();
      await page.getByRole('heading', { name: '1 approval', exact: true }).waitFor();
      await row(page, carol, items).waitFor();
      await types.getByRole('button', { name: 'All' }).click();

      await page.getByLabel('Search').fill('gems');
      await page.getByRole('heading', { name: '1 approval', exact: true }).waitFor();
      await row(page, bob, gems).waitFor();
      await page.getByLabel('Search').fill(dave.slice(0, 10));
      await row(page, dave, art).waitFor();
      await page.getByRole('heading', { name: '1 approval', exact: true }).waitFor();
      await page.getByLabel('Search').fill('');
      await page.getByRole('heading', { name: '5 approvals' }).waitFor();

      await page.getByLabel('Sort by').selectOption('token');
      await page.getByLabel('Order').selectOption('asc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'token' && url.searchParams.get('dir') === 'asc');
      // Token names ascending: Gems, Tandem Art (twice), Tandem Items, Tandem USD.
      await bodyRows(page).first().and(row(page, bob, gems)).waitFor();
      await bodyRows(page).last().and(row(page, swap, tusd)).waitFor();
    }));

  it('changes an ERC-20 allowance to a custom amount, checked against the token decimals first', () =>
    withPage(async (page) => {
      const { swap, tusd } = setup;
      await openAsTester(page);
      assert.equal(await allowanceOf(tusd, swap), 40_000_000n);
      await row(page, swap, tusd).getByRole('button', { name: /^Change the TUSD allowance/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Change allowance' });
      await dialog.getByLabel('Amount (TUSD)').fill('1.1234567');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'You can only enter 6 decimal places' }).waitFor();
      await dialog.getByLabel('Amount (TUSD)').fill('12.5');
      await dialog.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      // The dialog's own fact comes first; the approval alarm, which loads beside it, may name the amount too.
      await review.locator('dd', { hasText: '12.5 TUSD' }).first().waitFor();
      const summary = await confirmAndSign(page);
      assert.match(summary, /TUSD/);
      assert.equal(await allowanceOf(tusd, swap), 12_500_000n, 'the allowance is 12.5 TUSD on chain');
      await page.getByText('Allowance updated').waitFor();
      // Refetched 3 s after the receipt.
      await row(page, swap, tusd).getByText('12.5 TUSD').waitFor({ timeout: 15_000 });
    }));

  it('shows "You rejected the transaction" when the signature is rejected, and changes nothing', () =>
    withPage(async (page) => {
      const { swap, tusd } = setup;
      await openAsTester(page);
      const before = await allowanceOf(tusd, swap);
      assert.ok(before > 0n);
      await row(page, swap, tusd).getByRole('button', { name: /^Revoke the TUSD approval/ }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).click();
      await rejectInDevWallet(page);
      await page.getByText('You rejected the transaction').first().waitFor();
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      await review.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await allowanceOf(tusd, swap), before, 'the allowance did not change');
    }));

  it('revokes one approval, which then shows only with "Show revoked"', () =>
    withPage(async (page) => {
      const { swap, tusd } = setup;
      await openAsTester(page);
      assert.ok((await allowanceOf(tusd, swap)) > 0n);
      // From the click to the review ready to sign, the screen asks the server exactly one thing:
      // prepare (its answer says what the call does and that it grants nothing, so no approval check).
      const asked: string[] = [];
      const onRequest = (request: { method: () => string; url: () => string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && request.method() === 'POST') asked.push(`${request.method()} ${url.pathname}`);
      };
      page.on('request', onRequest);
      await row(page, swap, tusd).getByRole('button', { name: /^Revoke the TUSD approval/ }).click();
      const review = page.getByRole('dialog', { name: 'Review the transaction' });
      await review.getByRole('button', { name: 'Confirm in wallet' }).waitFor();
      assert.match((await review.locator('.tx-dialog__summary').textContent()) ?? '', /^Revoke 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}'s allowance to spend TUSD$/);
      assert.equal(await review.getByTestId('approval-alarm').count(), 0, 'a revoke raises no approval alarm');
      page.off('request', onRequest);
      assert.deepEqual(asked, [`POST /api/v1/evm/${evmManifest().network}/transactions/prepare`], 'one request: prepare');
      await confirmAndSign(page);
      assert.equal(await allowanceOf(tusd, swap), 0n, 'the allowance is 0 on chain');
      await page.getByText('Approval revoked').waitFor();
      await row(page, swap, tusd).waitFor({ state: 'detached', timeout: 15_000 });
      await showRevoked(page);
      await row(page, swap, tusd).getByText('Revoked').waitFor();
      assert.equal(await row(page, swap, tusd).getByRole('checkbox').isDisabled(), true, 'a revoked row cannot be selected');
    }));

  it('batch-revokes three, one at a time, cancelled after the first; one revoked elsewhere is skipped', () =>
    withPage(async (page) => {
      const { gems, bob, art, carol, dave, items, artTokenId } = setup;
      await openAsTester(page);
      await page.getByLabel('Sort by').selectOption('type');
      await page.getByLabel('Order').selectOption('asc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'type');
      const picks = [row(page, bob, gems), row(page, carol, art, artTokenId), row(page, dave, art), row(page, carol, items)];
      for (const pick of picks) await pick.getByRole('checkbox').check();
      await page.getByText('4 selected').waitFor();

      // Another wallet revokes the operator approval meanwhile: the plan finds it gone on chain.
      await setOperator(setup.tester.privateKey, art, dave, false);
      const before = {
        gems: await allowanceOf(gems, bob),
        art: await approvedOf(artTokenId),
        items: await operatorOf(items, carol, ERC1155_ABI),
      };
      assert.deepEqual(before, { gems: maxUint256, art: carol, items: true });

      await page.getByRole('button', { name: 'Revoke selected (4)' }).click();
      const batch = page.getByRole('dialog', { name: 'Revoke 4 approvals' });
      await batch.getByText('3 transactions to sign').waitFor();
      const listed = batch.getByRole('list', { name: 'Selected approvals' }).getByRole('listitem');
      assert.equal(await listed.count(), 4);
      const item = (text: string) => listed.filter({ hasText: text });
      const single = `Tandem Art #${artTokenId.toString()} →`;
      await item('Tandem Art →').getByText('Skipped: already revoked: nothing is allowed any more').waitFor();
      // Sorted by type: the ERC-20 allowance comes first, so it is the one sent before the cancel.
      assert.match(await listed.first().innerText(), /^GEMS →/);

      await batch.getByRole('button', { name: 'Revoke 3 approvals' }).click();
      const prompt = page.getByRole('dialog', { name: 'Development wallet' });
      await prompt.waitFor();
      assert.match(await page.locator('.allowances-batch').innerText(), /Revoking 1 of 3/);
      // A real wallet asks in its own window and the page stays usable; the devnet's
      // in-page prompt is a modal dialog, so the press on the page's Cancel is
      // dispatched to the button directly while the first revoke waits in the wallet.
      await page.locator('.allowances-batch button', { hasText: 'Cancel the rest' }).dispatchEvent('click');
      await page.locator('.allowances-batch').getByText('Stopping after the transaction now in your wallet…').waitFor();
      await signInDevWallet(page);
      await batch.getByText('Cancelled: 1 of 3 revoked; the rest were not sent.').waitFor({ timeout: 30_000 });
      const statuses = await Promise.all(['GEMS →', single, 'Tandem Art →', 'Tandem Items →'].map((text) => item(text).getAttribute('data-status')));
      assert.deepEqual(statuses, ['confirmed', 'not_sent', 'skipped', 'not_sent']);
      assert.equal(await prompt.isVisible(), false, 'the wallet was not asked for a second one');

      assert.equal(await allowanceOf(gems, bob), 0n, 'the confirmed one changed');
      assert.equal(await approvedOf(artTokenId), carol, 'the ERC-721 token approval did not change');
      assert.equal(await operatorOf(items, carol, ERC1155_ABI), true, 'the ERC-1155 operator did not change');
      assert.equal(await operatorOf(art, dave, ERC721_ABI), false);
      await batch.getByRole('button', { name: 'Close' }).click();
      await row(page, bob, gems).waitFor({ state: 'detached', timeout: 15_000 });
    }));

  it('stops a batch at a rejection in the wallet; the next batch revokes the rest', () =>
    withPage(async (page) => {
      const { art, carol, items, artTokenId } = setup;
      await openAsTester(page);
      const picks = [row(page, carol, art, artTokenId), row(page, carol, items)];
      for (const pick of picks) await pick.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Revoke selected (2)' }).click();
      const batch = page.getByRole('dialog', { name: 'Revoke 2 approvals' });
      await batch.getByRole('button', { name: 'Revoke 2 approvals' }).click();
      await rejectInDevWallet(page);
      await batch.getByText('Stopped because you rejected a transaction in your wallet: 0 of 2 revoked.').waitFor();
      await page.getByText('You rejected the transaction').first().waitFor();
      assert.equal(await approvedOf(artTokenId), carol);
      assert.equal(await operatorOf(items, carol, ERC1155_ABI), true);
      await batch.getByRole('button', { name: 'Close' }).click();

      for (const pick of picks) await pick.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Revoke selected (2)' }).click();
      await batch.getByRole('button', { name: 'Revoke 2 approvals' }).click();
      await signInDevWallet(page);
      await signInDevWallet(page);
      await batch.getByText('Done: 2 of 2 revoked.').waitFor({ timeout: 30_000 });
      assert.equal(await approvedOf(artTokenId), zeroAddress, 'the ERC-721 token approval is cleared');
      assert.equal(await operatorOf(items, carol, ERC1155_ABI), false, 'the ERC-1155 operator is revoked');
      await batch.getByRole('button', { name: 'Close' }).click();
      await page.getByText('This account has not approved anyone.').waitFor({ timeout: 15_000 });
    }));

  it('fits a 360 px screen without sideways scrolling', () =>
    withPage(async (page) => {
      await openAsTester(page);
      await showRevoked(page);
      await bodyRows(page).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(overflow, false, 'nothing scrolls sideways');
      const wrap = page.locator('.allowances-table-wrap');
      assert.equal(await wrap.evaluate((node) => node.scrollWidth > node.clientWidth), false, 'the rows wrap instead of scrolling');
    }, 360));
});
