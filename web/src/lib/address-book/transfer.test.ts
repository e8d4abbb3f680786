import { describe, expect, it } from 'vitest';
import { exportCsv, exportJson, parseImport } from './transfer';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const entries = [
  { name: 'Alice, "cold"', address: ALICE },
  { name: '=SUM(A1)', address: BOB },
];

describe('address book files', () => {
  it('round-trip through JSON and CSV, quoting and defusing what a spreadsheet would run', () => {
    expect(parseImport(exportJson('telos-evm', entries), 'telos-evm', 'evm')).toEqual({ ok: true, entries });
    const csv = exportCsv('telos-evm', entries);
    expect(csv.split('\r\n')[2]).toBe(`"'=SUM(A1)",${BOB},telos-evm`);
    expect(parseImport(csv, 'telos-evm', 'evm')).toEqual({ ok: true, entries });
  });

  it('refuse a whole file for one bad row, naming its line', () => {
    const csv = `name,address\r\nAlice,${ALICE}\r\nBroken,0x1234\r\n`;
    expect(parseImport(csv, 'telos-evm', 'evm')).toMatchObject({
      ok: false,
      problem: { key: 'book.import.bad_row', values: { line: 3 }, cause: { key: 'antelope.evm.error_invalid_address' } },
    });
    expect(parseImport(`name,address\r\n,${ALICE}\r\n`, 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { values: { line: 2 }, cause: { key: 'book.name_required' } } });
  });

  it('refuse files of another network, duplicates, other formats and empty files', () => {
    expect(parseImport(exportJson('telos-evm-testnet', entries), 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.wrong_network', values: { network: 'telos-evm-testnet' } } });
    expect(parseImport(exportCsv('telos-evm-testnet', entries), 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.wrong_network' } });
    expect(parseImport(`name,address\r\nA,${ALICE}\r\nB,${ALICE.toLowerCase()}\r\n`, 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.duplicate', values: { line: 3 } } });
    expect(parseImport('{"broken json', 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.unknown_format' } });
    expect(parseImport('\u0089PNG\r\n\u001a\n', 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.unknown_format' } });
    expect(parseImport('name,address\r\n"unterminated', 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.unknown_format' } });
    expect(parseImport('name,address\r\n', 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.empty' } });
    expect(parseImport('   ', 'telos-evm', 'evm')).toMatchObject({ ok: false, problem: { key: 'book.import.empty' } });
  });

  it('read native account names', () => {
    expect(parseImport('name,address\nExchange,exchange.tlo\n', 'telos', 'native')).toEqual({ ok: true, entries: [{ name: 'Exchange', address: 'exchange.tlo' }] });
  });
});
