/**
 * Export and import of one network's address book, as JSON or CSV. An import is read
 * whole and checked row by row before anything is kept: one bad row, a file of another
 * network or a file that is neither format refuses the file with the reason (and the
 * line), so nothing is ever saved half-way.
 *
 * JSON: `{ "format": "tandem-address-book", "version": 1, "network": "<name>",
 * "entries": [{ "name": "…", "address": "…" }] }`.
 * CSV: a `name,address,network` header, then one entry per line (RFC 4180 quoting).
 */

import { checkName, normalizeAddress, type AddressKind, type BookEntry, type BookIssue } from './model';

export const FORMAT = 'tandem-address-book';
export const MAX_IMPORT_BYTES = 1_000_000;
export const MAX_IMPORT_ENTRIES = 5_000;

export type ImportProblem =
  | { readonly key: 'book.import.too_large' | 'book.import.unknown_format' | 'book.import.empty' | 'book.import.too_many' }
  | { readonly key: 'book.import.wrong_network'; readonly values: { readonly network: string } }
  | { readonly key: 'book.import.bad_row'; readonly values: { readonly line: number }; readonly cause: BookIssue }
  | { readonly key: 'book.import.duplicate'; readonly values: { readonly line: number; readonly address: string } };

export type ImportResult = { readonly ok: true; readonly entries: BookEntry[] } | { readonly ok: false; readonly problem: ImportProblem };

export function exportJson(network: string, entries: readonly BookEntry[]): string {
  return `${JSON.stringify({ format: FORMAT, version: 1, network, entries: entries.map(({ name, address }) => ({ name, address })) }, null, 2)}\n`;
}

function csvCell(text: string): string {
  // A cell a spreadsheet would run as a formula is defused with a leading quote mark.
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) || guarded !== text ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function exportCsv(network: string, entries: readonly BookEntry[]): string {
  const lines = ['name,address,network', ...entries.map((entry) => [entry.name, entry.address, network].map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 records of `text`, each with the line it starts on; null when quoting is broken. */
function csvRecords(text: string): { line: number; cells: string[] }[] | null {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      cells.push(cell);
      if (cells.some((value) => value !== '')) records.push({ line: start, cells });
      cells = [];
      cell = '';
      line += 1;
      start = line;
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell);
  if (cells.some((value) => value !== '')) records.push({ line: start, cells });
  return records;
}

/** A cell written defused (`'=…`) reads back as it was. */
function undefused(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function checkRows(kind: AddressKind, rows: { line: number; name: unknown; address: unknown }[]): ImportResult {
  if (rows.length === 0) return { ok: false, problem: { key: 'book.import.empty' } };
  if (rows.length > MAX_IMPORT_ENTRIES) return { ok: false, problem: { key: 'book.import.too_many' } };
  const entries: BookEntry[] = [];
  for (const row of rows) {
    const name = checkName(typeof row.name === 'string' ? row.name : '');
    if (!name.ok) return { ok: false, problem: { key: 'book.import.bad_row', values: { line: row.line }, cause: name.error } };
    const address = normalizeAddress(kind, typeof row.address === 'string' ? row.address : '');
    if (!address.ok) return { ok: false, problem: { key: 'book.import.bad_row', values: { line: row.line }, cause: address.error } };
    if (entries.some((entry) => entry.address.toLowerCase() === address.value.toLowerCase())) {
      return { ok: false, problem: { key: 'book.import.duplicate', values: { line: row.line, address: address.value } } };
    }
    entries.push({ name: name.value, address: address.value });
  }
  return { ok: true, entries };
}

function fromJson(json: unknown, network: string, kind: AddressKind): ImportResult {
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== FORMAT) {
    return { ok: false, problem: { key: 'book.import.unknown_format' } };
  }
  const book = json as { network?: unknown; entries?: unknown };
  if (typeof book.network === 'string' && book.network !== network) {
    return { ok: false, problem: { key: 'book.import.wrong_network', values: { network: book.network } } };
  }
  if (!Array.isArray(book.entries)) return { ok: false, problem: { key: 'book.import.unknown_format' } };
  // JSON has no lines per entry: the entry's position (1-based) stands in for it.
  const rows = (book.entries as unknown[]).map((item, index) => {
    const entry = typeof item === 'object' && item !== null ? (item as { name?: unknown; address?: unknown }) : {};
    return { line: index + 1, name: entry.name, address: entry.address };
  });
  return checkRows(kind, rows);
}

function fromCsv(text: string, network: string, kind: AddressKind): ImportResult {
  const records = csvRecords(text);
  const header = records?.[0]?.cells.map((cell) => cell.trim().toLowerCase());
  if (records === null || header?.[0] !== 'name' || header[1] !== 'address') {
    return { ok: false, problem: { key: 'book.import.unknown_format' } };
  }
  const networkColumn = header.indexOf('network');
  const rows = records.slice(1).map(({ line, cells }) => ({ line, name: undefused(cells[0] ?? ''), address: cells[1] ?? '', network: networkColumn < 0 ? '' : (cells[networkColumn] ?? '') }));
  const foreign = rows.find((row) => row.network !== '' && row.network !== network);
  if (foreign) return { ok: false, problem: { key: 'book.import.wrong_network', values: { network: foreign.network } } };
  return checkRows(kind, rows);
}

/** The entries of an exported file (`text`), all checked, or why the file is refused. */
export function parseImport(text: string, network: string, kind: AddressKind): ImportResult {
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, problem: { key: 'book.import.too_large' } };
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, problem: { key: 'book.import.empty' } };
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return { ok: false, problem: { key: 'book.import.unknown_format' } };
    }
    return fromJson(json, network, kind);
  }
  return fromCsv(trimmed, network, kind);
}
