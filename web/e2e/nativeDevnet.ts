/**
 * Shared pieces of the native browser specs: the native devnet manifest (accounts
 * with their public test keys, seeded facts), signing in with the development
 * wallet the way a user does, and the devnet's test controls (a misbehaving fee
 * sponsor, a chain clock moved ahead; devnet/native/README.md "Test controls").
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface NativeManifest {
  rpcUrl: string;
  accounts: { name: string; publicKey: string; privateKey: string; permission: string }[];
  seeded: {
    balances: { account: string; contract: string; symbol: string; amount: string }[];
    rex: { value: string };
    profile: Record<string, string>;
    /** Accounts `eosio.evm::create` linked to a new keyless EVM address. */
    evmLinks: { account: string; address: string; keyless: boolean }[];
    /** What each deposited to its linked address (the devnet EVM relay carries it to anvil). */
    evmDeposits: { account: string; address: string; quantity: string }[];
    /** The exchange-like account the stack's operator memo list names (devnet/native/memo-required.txt). */
    memoRequired: { account: string; label: string };
  };
}

let cached: NativeManifest | null = null;

export function nativeManifest(): NativeManifest {
  if (cached) return cached;
  const path = process.env.TANDEM_NATIVE_DEVNET_MANIFEST;
  if (path === undefined || path.trim() === '') throw new Error('TANDEM_NATIVE_DEVNET_MANIFEST is not set: run the specs through scripts/lib/e2e.mjs');
  cached = JSON.parse(readFileSync(path, 'utf8')) as NativeManifest;
  return cached;
}

export function activeKey(account: string): string {
  const entry = nativeManifest().accounts.find((candidate) => candidate.name === account && candidate.permission === 'active');
  if (!entry) throw new Error(`the manifest has no active key for ${account}`);
  return entry.privateKey;
}

export async function signInWithDevWallet(page: Page, account: string, key = activeKey(account)) {
  await page.goto('/zero/balance');
  await page.getByRole('radio', { name: /Development wallet/ }).check();
  await page.getByLabel('Devnet private key').fill(key);
  await page.getByRole('button', { name: 'Find accounts' }).click();
  await page.getByLabel('Account name').selectOption(account);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('zero-account').filter({ hasText: `${account}@active` }).waitFor();
}

/** View Any Account on /zero: `account` read-only. */
export async function viewNativeAccount(page: Page, account: string) {
  await page.goto('/zero/balance?signin=viewer');
  await page.getByLabel('Account to view').fill(account);
  await page.getByRole('button', { name: 'View account' }).click();
  await page.getByTestId('zero-account').filter({ hasText: `${account}@active` }).waitFor();
}

export function tokenRow(page: Page, symbol: string) {
  return page.locator(`tr[data-token="${symbol}"]`);
}

/** POSTs to one of the devnet's test controls and returns its answer. */
export async function devnetControl(what: 'sponsor' | 'blocks' | 'sellram', body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${nativeManifest().rpcUrl}/_devnet/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`devnet control ${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The chain's head block time in ms. */
export async function chainHeadTime(): Promise<number> {
  const response = await fetch(`${nativeManifest().rpcUrl}/v1/chain/get_info`, { method: 'POST', body: '{}' });
  const info = (await response.json()) as { head_block_time: string };
  return Date.parse(`${info.head_block_time}Z`);
}

/** `account`'s balance of a token as the chain holds it (e.g. "99.8765 TLOS"), or null when it holds none. */
export async function chainBalance(account: string, symbol = 'TLOS', contract = 'eosio.token'): Promise<string | null> {
  const response = await fetch(`${nativeManifest().rpcUrl}/v1/chain/get_currency_balance`, {
    method: 'POST',
    body: JSON.stringify({ code: contract, account, symbol }),
  });
  const balances = (await response.json()) as string[];
  return balances[0] ?? null;
}

/** A row of an `eosio` table as the chain holds it (the first in `scope`, or the one with `key`). */
export async function chainRow(table: string, scope: string, key?: string): Promise<Record<string, unknown> | null> {
  const bounds = key === undefined ? {} : { lower_bound: key, upper_bound: key };
  const response = await fetch(`${nativeManifest().rpcUrl}/v1/chain/get_table_rows`, {
    method: 'POST',
    body: JSON.stringify({ code: 'eosio', scope, table, json: true, limit: 1, ...bounds }),
  });
  const rows = ((await response.json()) as { rows: Record<string, unknown>[] }).rows;
  return rows[0] ?? null;
}

/** "12.3456 TLOS" (or as the screen groups it, "1,012.3456 TLOS") → 123456n. */
export function assetUnits(quantity: unknown): bigint {
  return typeof quantity === 'string' ? BigInt(quantity.split(' ')[0]?.replaceAll(',', '').replace('.', '') ?? '0') : 0n;
}

/** `account`'s REX value as the chain's rows give it: rex × lendable ÷ total REX + fund (spec §7), e.g. "70.0000 TLOS". */
export async function chainRexValue(account: string): Promise<string> {
  const [balance, pool, fund] = await Promise.all([chainRow('rexbal', 'eosio', account), chainRow('rexpool', 'eosio'), chainRow('rexfund', 'eosio', account)]);
  const rex = assetUnits(balance?.rex_balance);
  const total = assetUnits(pool?.total_rex);
  const units = (total > 0n ? (rex * assetUnits(pool?.total_lendable)) / total : 0n) + assetUnits(fund?.balance);
  return `${(units / 10_000n).toLocaleString('en-US')}.${(units % 10_000n).toString().padStart(4, '0')} TLOS`;
}

/** `account`'s record as the chain's `get_account` answers it. */
export async function chainAccount(account: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${nativeManifest().rpcUrl}/v1/chain/get_account`, { method: 'POST', body: JSON.stringify({ account_name: account }) });
  return (await response.json()) as Record<string, unknown>;
}
