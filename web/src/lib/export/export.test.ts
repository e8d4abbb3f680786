import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { CsvTally, downloadCsvExport, fileNameOf, type ExportProgress } from './csvDownload';
import { checkRange, serverRangeIssue } from './range';

const HEADER = 'date_utc,transaction_id,direction\r\n';

function streamOf(pieces: string[], failAtEnd = false): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (failAtEnd) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

describe('the CSV export download', () => {
  it('counts rows and distinct transactions across pieces that split lines', () => {
    const tally = new CsvTally();
    tally.add(`${HEADER}2026-01-01T00:00:00Z,0xaa,in\r\n2026-01-01T00:00:00Z,0x`);
    tally.add('aa,out\r\n2026-01-02T00:00:00Z,0xbb,in');
    tally.finish();
    expect([tally.rows, tally.transactions]).toEqual([3, 2]);
  });

  it('hands back the whole file only when the stream ended, with progress on the way', async () => {
    const seen: ExportProgress[] = [];
    const fetchImpl = (() =>
      Promise.resolve(
        new Response(streamOf([HEADER, 'x,0x1,in\r\n', 'x,0x2,out\r\n']), {
          headers: { 'content-disposition': 'attachment; filename="tandem-x.csv"', 'x-tandem-export-total': '7' },
        }),
      )) as typeof fetch;
    const file = await downloadCsvExport('/x', 'fallback.csv', (p) => seen.push(p), undefined, fetchImpl);
    expect(file.name).toBe('tandem-x.csv');
    expect(file.rows).toBe(2);
    expect(await file.blob.text()).toBe(`${HEADER}x,0x1,in\r\nx,0x2,out\r\n`);
    expect(seen.at(-1)).toEqual({ rows: 2, transactions: 2, total: 7 });
  });

  it('fails (saving nothing) when the stream breaks off, and passes the server’s refusal on', async () => {
    const broken = (() => Promise.resolve(new Response(streamOf([HEADER, 'x,0x1,in\r\n'], true)))) as typeof fetch;
    await expect(downloadCsvExport('/x', 'f.csv', () => undefined, undefined, broken)).rejects.toBeInstanceOf(ApiError);
    const refused = (() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'export.range_in_future', message: 'future' }), { status: 400, headers: { 'content-type': 'application/json' } }),
      )) as typeof fetch;
    await expect(downloadCsvExport('/x', 'f.csv', () => undefined, undefined, refused)).rejects.toMatchObject({ code: 'export.range_in_future' });
    expect(fileNameOf(null, 'f.csv')).toBe('f.csv');
  });
});

describe('the export range', () => {
  it('takes empty or real days and refuses the future, reversed ranges and bad dates', () => {
    expect(checkRange('', '', '2026-11-27')).toEqual({ ok: true, value: { from: null, to: null } });
    expect(checkRange('2026-11-01', '2026-11-27', '2026-11-27')).toEqual({ ok: true, value: { from: '2026-11-01', to: '2026-11-27' } });
    expect(checkRange('2026-12-01', '', '2026-11-27')).toMatchObject({ ok: false, issue: 'historyExport.in_future', field: 'from' });
    expect(checkRange('2026-11-20', '2026-11-10', '2026-11-27')).toMatchObject({ ok: false, issue: 'historyExport.reversed' });
    expect(checkRange('2026-02-30', '', '2026-11-27')).toMatchObject({ ok: false, issue: 'historyExport.invalid_date', field: 'from' });
    expect(checkRange('', '27/11/2026', '2026-11-27')).toMatchObject({ ok: false, field: 'to' });
    expect(serverRangeIssue('export.range_in_future')).toBe('historyExport.in_future');
    expect(serverRangeIssue('other')).toBeNull();
  });
});
