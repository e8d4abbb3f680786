/**
 * Shared pieces of the EVM browser specs: the devnet manifest (accounts with their
 * public test keys, contracts, seeded facts), signing in with the development
 * wallet the way a user does, answering its sign/reject prompt, and reading the
 * chain directly to check what a transaction really did.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { createPublicClient, http, parseAbi, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { rejectInDevWallet, signInDevWallet } from './devWalletPrompt';

export interface EvmDevnetManifest {
  network: string;
  chainId: number;
  rpcUrl: string;
  assetsUrl: string;
  contracts: Record<string, Address>;
  accounts: { name: string; address: Address; privateKey: `0x${string}` }[];
  seeded: Record<string, unknown>;
}

let cached: EvmDevnetManifest | null = null;

export function evmManifest(): EvmDevnetManifest {
  if (cached) return cached;
  const path = process.env.TANDEM_DEVNET_MANIFEST;
  if (path === undefined || path.trim() === '') throw new Error('TANDEM_DEVNET_MANIFEST is not set: run the specs through scripts/lib/e2e.mjs');
  cached = JSON.parse(readFileSync(path, 'utf8')) as EvmDevnetManifest;
  return cached;
}

export function evmAccount(name: string): EvmDevnetManifest['accounts'][number] {
  const entry = evmManifest().accounts.find((account) => account.name === name);
  if (!entry) throw new Error(`the manifest has no account ${name}`);
  return entry;
}

/** anvil's default development mnemonic; its accounts are public test keys. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * anvil's development account `index` (funded by anvil): the seeded names are 0-4; specs
 * that write take one of their own (wrap 6, staking 7 and 8, transaction 9).
 */
export function anvilAccount(index: number): { address: Address; privateKey: `0x${string}` } {
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error(`no key for anvil account ${index}`);
  return { address: account.address, privateKey: `0x${Buffer.from(key).toString('hex')}` };
}

/** A viem client on the devnet's node, for reading what really happened on chain. */
export function chain() {
  return createPublicClient({ transport: http(evmManifest().rpcUrl) });
}

export const ERC20_ABI = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);
export const ERC721_ABI = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function getApproved(uint256) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);
export const ERC1155_ABI = parseAbi([
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

/**
 * Home → Development wallet (devnet only) → paste `privateKey` → Connect; lands on the
 * wallet. The section is opened until its key field shows: a click that lands while home
 * is still settling can toggle a summary that is then drawn again closed.
 */
export async function signInWithDevKey(page: Page, privateKey: string): Promise<void> {
  await page.goto('/');
  const keyField = page.getByLabel('Devnet private key');
  for (let attempt = 0; attempt < 5 && !(await keyField.isVisible()); attempt += 1) {
    const section = page.locator('details.dev-wallet');
    if (!(await section.evaluate((details) => (details as HTMLDetailsElement).open).catch(() => false))) {
      await page.getByText('Development wallet (devnet only)').click();
    }
    await keyField.waitFor({ timeout: 2_000 }).catch(() => undefined);
  }
  await keyField.fill(privateKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/evm/wallet');
}

/** {@link signInWithDevKey} with a named devnet account's key. */
export async function connectDevWallet(page: Page, name: string): Promise<void> {
  await signInWithDevKey(page, evmAccount(name).privateKey);
}

// The prompt is the same window for both development wallets (e2e/devWalletPrompt.ts).
export { rejectInDevWallet, signInDevWallet };

/**
 * In the open "Review the transaction" dialog: Confirm in wallet, Sign in the
 * development wallet, wait for the receipt, Close. Answers the review's summary.
 */
export async function confirmAndSign(page: Page): Promise<string> {
  const review = page.getByRole('dialog', { name: 'Review the transaction' });
  const summary = (await review.locator('.tx-dialog__summary').textContent()) ?? '';
  await review.getByRole('button', { name: 'Confirm in wallet' }).click();
  await signInDevWallet(page);
  await review.getByText(/Confirmed in block \d+/).waitFor({ timeout: 30_000 });
  await review.getByRole('button', { name: 'Close' }).click();
  await review.waitFor({ state: 'hidden' });
  return summary;
}

/** The exact amount as the app shows it in en-US: every decimal, thousands grouped. */
export function exactText(raw: bigint, decimals: number): string {
  const digits = raw.toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/** A balance row of the wallet page's table by its token symbol. */
export function walletBalanceRow(page: Page, symbol: string): Locator {
  return page
    .getByRole('region', { name: 'Balances' })
    .getByRole('row')
    .filter({ has: page.locator('.evm-token__symbol', { hasText: new RegExp(`^${symbol}$`) }) })
    .first();
}

/** Waits until `locator` reads `expected` (balances refresh after a receipt), failing with what it last read. */
/**
 * The exact amount an amount cell holds: amounts show at their display precision
 * (spec §9) with every digit in `data-exact` (one hover or tap away); an amount the
 * display already shows whole is its text.
 */
export async function shownExact(cell: Locator): Promise<string> {
  const rounded = cell.locator('.amount--rounded');
  if ((await rounded.count()) > 0) return (await rounded.first().getAttribute('data-exact')) ?? '';
  return (await cell.innerText()).replace(/\u00a0/g, ' ').trim();
}

/** Waits until the amount cell's exact amount is `expected`. */
export async function waitForExact(cell: Locator, expected: string, timeout = 40_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = await shownExact(cell).catch(() => '');
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.equal(last, expected);
}

export async function waitForText(locator: Locator, expected: string, timeout = 40_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = (await locator.innerText().catch(() => '')).trim();
    if (last === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.equal(last, expected);
}
