/**
 * The user's own names in a downloaded history (issue 30): the server writes the CSV
 * without knowing this browser's address book, so the file gains one last column,
 * `counterparty_name` — "you" for the account itself, the address book's name for a saved
 * party, else empty — added here once the whole file is read. Cells are parsed as RFC 4180
 * (a quoted cell may hold commas, quotes and line breaks); the name is written with the
 * same formula guard as the server's cells, so a saved name can never run in a spreadsheet.
 */

/** The header of the added column. */
export const NAME_COLUMN = 'counterparty_name';

/** The counterparty is the fourth cell of every row (see docs/user/history-export.md). */
const COUNTERPARTY_CELL = 3;

/** One cell as CSV text: quoted where needed, a leading formula character defused with `'`. */
export function csvCell(text: string): string {
  const guarded = /^[=+\-@\t\r]/.test(text);
  if (!guarded && !/[",\n\r]/.test(text)) return text;
  return `"${guarded ? "'" : ''}${text.replaceAll('"', '""')}"`;
}

/** `csv` with the name column added to its header and each of its records. */
export function withPartyNames(csv: string, nameOf: (party: string) => string | null): string {
  let out = '';
  let record = '';
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let header = true;
  const endRecord = (lineEnd: string) => {
    cells.push(cell);
    const party = cells[COUNTERPARTY_CELL] ?? '';
    const name = header ? NAME_COLUMN : party === '' ? '' : (nameOf(party) ?? '');
    out += `${record},${csvCell(name)}${lineEnd}`;
    header = false;
    record = '';
    cells = [];
    cell = '';
  };
  for (let index = 0; index < csv.length; index += 1) {
    const char = csv.charAt(index);
    if (quoted) {
      if (char === '"' && csv.charAt(index + 1) === '"') {
        cell += '"';
        record += '""';
        index += 1;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      record += char;
    } else if (char === '"') {
      quoted = true;
      record += char;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      record += char;
    } else if (char === '\r' && csv.charAt(index + 1) === '\n') {
      endRecord('\r\n');
      index += 1;
    } else if (char === '\n') {
      endRecord('\n');
    } else {
      cell += char;
      record += char;
    }
  }
  if (record !== '' || cells.length > 0) endRecord('');
  return out;
}
