/**
 * The CSV export of history, as a user downloads it from the history view: the EVM file
 * of a seeded account, parsed here, equals the API's history row for row (exact
 * amounts, fees and who paid them), and so does the native one; a range starting in the
 * future is refused in words and nothing is downloaded.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserForSpec } from './browser';
import { evmAccount, evmManifest } from './evmDevnet';

const COLUMNS = [
  'date_utc', 'transaction_id', 'direction', 'counterparty', 'token', 'contract', 'token_id', 'amount',
  'fee', 'fee_token', 'fee_paid_by', 'failed', 'fiat_value_at_todays_price', 'fiat_currency', 'price_note',
  'fee_fiat_value_at_todays_price', 'counterparty_name',
];

type Row = Record<string, string>;

/** RFC 4180 records (the export quotes only where needed). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { cells.push(cell); cell = ''; } else if (c === '\r') continue;
    else if (c === '\n') { cells.push(cell); records.push(cells); cells = []; cell = ''; } else cell += c;
  }
  if (cell !== '' || cells.length > 0) { cells.push(cell); records.push(cells); }
  return records;
}

function rowsOf(text: string): Row[] {
  const [header, ...records] = parseCsv(text);
  assert.deepEqual(header, COLUMNS);
  return records.map((cells) => Object.fromEntries(COLUMNS.map((name, i) => [name, cells[i] ?? ''])));
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

interface Movement { amount: string; symbol: string; fiatValue?: string | null; contract?: string | null; counterparty: string }
interface NftMove { quantity: string; tokenId: string; collectionAddress: string; collectionName?: string | null; counterparty: string }
interface ApiRow {
  id: string; epoch: number; from: string; to?: string | null; failed: boolean; gasUsed?: string | null; gasFiatValue?: string | null;
  valuesIn: Movement[]; valuesOut: Movement[]; nftsIn: NftMove[]; nftsOut: NftMove[];
}

/** The export's rows as the documented rules make them from the API's history rows. */
function expectedEvmRows(account: string, rows: ApiRow[]): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    const base = { date_utc: iso(row.epoch), transaction_id: row.id, token_id: '', fee: '', fee_token: '', fee_paid_by: '', failed: String(row.failed), fiat_currency: 'USD', fee_fiat_value_at_todays_price: '' };
    // The viewed account is the user's own: "you" in the names column; nobody else is in this profile's book.
    const named = (counterparty: string) => ({ counterparty, counterparty_name: counterparty.toLowerCase() === account.toLowerCase() ? 'you' : '' });
    const direction = (counterparty: string, outgoing: boolean) => (counterparty === account ? 'self' : outgoing ? 'out' : 'in');
    const mine: Row[] = [];
    for (const [list, outgoing] of [[row.valuesOut, true], [row.valuesIn, false]] as const) {
      for (const m of list) {
        const fiat = m.fiatValue ?? null;
        mine.push({ ...base, direction: direction(m.counterparty, outgoing), ...named(m.counterparty), token: m.symbol, contract: m.contract ?? '', amount: m.amount,
          fiat_value_at_todays_price: fiat ?? '', price_note: fiat === null ? 'price not known' : '' });
      }
    }
    for (const [list, outgoing] of [[row.nftsOut, true], [row.nftsIn, false]] as const) {
      for (const n of list) {
        mine.push({ ...base, direction: direction(n.counterparty, outgoing), ...named(n.counterparty), token: n.collectionName ?? '', contract: n.collectionAddress,
          token_id: n.tokenId, amount: n.quantity, fiat_value_at_todays_price: '', price_note: 'price not known' });
      }
    }
    const fee = row.gasUsed ?? null;
    // The fee at today's price; the note marks a value without its price (the amount's or the fee's).
    const feeFiat = row.gasFiatValue ?? '';
    const first = mine[0];
    if (fee !== null && first !== undefined) {
      Object.assign(first, { fee, fee_token: 'TLOS', fee_paid_by: account, fee_fiat_value_at_todays_price: feeFiat });
      if (feeFiat === '') first.price_note = 'price not known';
    } else if (fee !== null) {
      mine.push({ ...base, direction: 'fee', ...named(row.to ?? ''), token: '', contract: '', amount: '', fee, fee_token: 'TLOS', fee_paid_by: account,
        fiat_value_at_todays_price: '', price_note: feeFiat === '' ? 'price not known' : '', fee_fiat_value_at_todays_price: feeFiat });
    }
    else for (const line of mine) line.fee_paid_by = row.from;
    out.push(...mine);
  }
  return out;
}

const { withPage } = browserForSpec();

async function exportFromDialog(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Export history as CSV' });
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloaded;
  await dialog.getByText(/Done: \d+ rows? saved as tandem-/).waitFor({ timeout: 60_000 });
  const path = await download.path();
  return readFileSync(path, 'utf8');
}

describe('history export (EVM)', () => {
  it('downloads a CSV of a seeded account that equals the API history, every row with exact amounts', () =>
    withPage(async (page) => {
      const alice = evmAccount('alice').address;
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(alice);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.goto('/evm/wallet?tab=history');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = await exportFromDialog(page);

      const api = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${alice}/transactions?limit=10000&fiat=USD`);
      const history = (await api.json()) as { transactions: ApiRow[]; more: boolean };
      assert.equal(history.more, false);
      const expected = expectedEvmRows(alice, history.transactions);
      const actual = rowsOf(csv);
      assert.ok(actual.length >= 10, `a seeded account has rows (${actual.length})`);
      assert.deepEqual(actual, expected);
      assert.ok(actual.some((row) => row.fee !== '' && row.fee_paid_by === alice), 'fees the account paid are there');
      assert.ok(actual.some((row) => row.direction === 'fee' && row.fee_fiat_value_at_todays_price !== '' && row.price_note === ''), 'a fee is priced');
      assert.ok(actual.some((row) => row.token === 'TUSD' && /^\d+(\.\d+)?$/.test(row.amount ?? '')), 'exact token amounts');
    }));

  it('refuses a range that starts in the future, saving nothing', () =>
    withPage(async (page) => {
      let downloads = 0;
      page.on('download', () => { downloads += 1; });
      await page.goto('/');
      await page.getByLabel(/EVM address/).fill(evmAccount('bob').address);
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/evm/wallet');
      await page.goto('/evm/wallet?tab=history');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Export history as CSV' });
      const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      await dialog.getByLabel('From').fill(next);
      await dialog.getByRole('button', { name: 'Download CSV' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'The start date is in the future: there is no history there yet.' }).waitFor();
      // The server says the same to anyone who asks it directly.
      const direct = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/evm/${evmManifest().network}/accounts/${evmAccount('bob').address}/history.csv?from=${next}`);
      assert.equal(direct.status, 400);
      assert.equal(((await direct.json()) as { code: string }).code, 'export.range_in_future');
      assert.equal(downloads, 0);
    }));
});

interface NativeAction { timestamp: string; trxId: string; contract: string; action: string; data: Record<string, unknown>; globalSequence?: number | null }

describe('history export (native)', () => {
  it('downloads the transfers of a native account as the API lists them, the system token valued at today’s price', () =>
    withPage(async (page) => {
      const network = (JSON.parse(readFileSync(process.env.TANDEM_NATIVE_DEVNET_MANIFEST ?? '', 'utf8')) as { network: string }).network;
      await page.goto('/');
      await page.getByRole('link', { name: /View Any Account/ }).click();
      await page.getByLabel('Account to view').fill('alice');
      await page.getByRole('button', { name: 'View account' }).click();
      await page.getByTestId('zero-account').filter({ hasText: 'alice@active' }).waitFor();
      await page.getByRole('region', { name: 'History' }).getByRole('button', { name: 'Export CSV' }).click();
      const csv = await exportFromDialog(page);

      const actions: NativeAction[] = [];
      for (let skip = 0; ; skip += 100) {
        const answer = await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/native/${network}/accounts/alice/history?limit=100&skip=${skip}&filter=*:transfer`);
        const page100 = (await answer.json()) as { actions: NativeAction[] };
        actions.push(...page100.actions);
        if (page100.actions.length < 100) break;
      }
      // Today's price of the system token, as the balances show it; other tokens have none.
      const balances = (await (await fetch(`${process.env.TANDEM_URL ?? ''}/api/v1/native/${network}/accounts/alice/balances?fiat=USD`)).json()) as {
        balances: { contract: string; symbol: string; isSystem: boolean; price: string | null }[];
      };
      const system = balances.balances.find((row) => row.isSystem);
      assert.ok(system?.price, 'the devnet prices its system token');
      const valued: { fiat: string; amount: string }[] = [];
      const expected: Row[] = actions.flatMap((action) => {
        const { from, to, quantity, memo } = action.data as { from: string; to: string; quantity: string; memo?: string };
        if (from !== 'alice' && to !== 'alice') return [];
        const [amount = '', token = ''] = quantity.split(' ');
        const direction = from === to ? 'self' : from === 'alice' ? 'out' : 'in';
        // TLOS moved to Telos EVM: the other side is the EVM address in the memo, named "Telos EVM" (ADR 0035).
        const party = from === 'alice' ? to : from;
        const counterparty = party === 'eosio.evm' && /^0x[0-9a-fA-F]{40}$/.test(memo ?? '') ? (memo ?? '').toLowerCase() : party;
        const movedWithEvm = counterparty === 'eosio.evm' || counterparty.startsWith('0x');
        return [{
          date_utc: `${action.timestamp.slice(0, 19)}Z`, transaction_id: action.trxId, direction, counterparty,
          token, contract: action.contract, token_id: '', amount, fee: '', fee_token: '', fee_paid_by: '', failed: 'false',
          fiat_value_at_todays_price: '', fiat_currency: 'USD', price_note: 'price not known', fee_fiat_value_at_todays_price: '',
          counterparty_name: from === to ? 'you' : movedWithEvm ? 'Telos EVM' : '',
        }];
      });
      const actual = rowsOf(csv).map((row) => {
        if (row.contract !== system.contract || row.token !== system.symbol) return row;
        // The system token's value is today's price times the amount (exact on the server;
        // its unit tests check the digits), then compared like every other column.
        assert.equal(row.price_note, '', `a ${system.symbol} row is priced`);
        valued.push({ fiat: row.fiat_value_at_todays_price ?? '', amount: row.amount ?? '' });
        return { ...row, fiat_value_at_todays_price: '', price_note: 'price not known' };
      });
      assert.ok(actual.length > 0, 'alice has transfers');
      assert.deepEqual(actual, expected);
      assert.ok(valued.length > 0, `alice moved ${system.symbol}`);
      for (const { fiat, amount } of valued) {
        const want = Number(amount) * Number(system.price);
        assert.ok(Math.abs(Number(fiat) - want) <= 1e-9 * Math.max(1, want), `${amount} ${system.symbol} is worth ${want}, the CSV says ${fiat}`);
      }
    }));
});
