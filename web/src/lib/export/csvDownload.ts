/**
 * Reads a streamed CSV export (the server's `…/history.csv`) to the end while counting
 * rows and distinct transactions for the progress shown, and only then hands back the
 * whole file: a download cut off half-way saves nothing. A refusal (bad range, history
 * still being read, upstream failure) is the server's error body as an ApiError.
 */

import { ApiError, CLIENT_ERROR_CODES, isRecord } from '../api/client';

export interface ExportProgress {
  /** CSV rows read (the header not counted). */
  readonly rows: number;
  /** Distinct transactions among them. */
  readonly transactions: number;
  /** Transactions (or transfers) the source knows of in total; null when unknown. */
  readonly total: number | null;
}

export interface ExportFile {
  readonly blob: Blob;
  readonly name: string;
  readonly rows: number;
}

const TOTAL_HEADER = 'x-tandem-export-total';

/** The download's name from Content-Disposition, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Counts the rows and distinct transaction ids of CSV text fed in pieces. */
export class CsvTally {
  private partial = '';
  private headerSeen = false;
  private readonly ids = new Set<string>();
  rows = 0;

  get transactions(): number {
    return this.ids.size;
  }

  add(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.take(line);
  }

  finish(): void {
    if (this.partial !== '') this.take(this.partial);
    this.partial = '';
  }

  private take(line: string): void {
    if (line.trim() === '') return;
    if (!this.headerSeen) {
      this.headerSeen = true;
      return;
    }
    this.rows += 1;
    // The transaction id is the second cell and never quoted (a hash or an id in hex).
    const id = line.split(',', 2)[1];
    if (id !== undefined) this.ids.add(id);
  }
}

async function refusal(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isRecord(body) && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(body.code, body.message, response.status, body.details);
  }
  return new ApiError(CLIENT_ERROR_CODES.invalidResponse, `The server answered ${response.status}`, response.status);
}

/** Fetches `url` and reads the CSV stream to its end (see the module docs). */
export async function downloadCsvExport(
  url: string,
  fallbackName: string,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ExportFile> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'text/csv' }, ...(signal ? { signal } : {}) });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(CLIENT_ERROR_CODES.network, 'The server could not be reached', 0, { cause: String(cause) });
  }
  if (!response.ok) throw await refusal(response);
  const totalText = response.headers.get(TOTAL_HEADER);
  const total = totalText === null || !/^\d+$/.test(totalText) ? null : Number(totalText);
  const body = response.body;
  if (body === null) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, 'The export came without a body', response.status);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const tally = new CsvTally();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(CLIENT_ERROR_CODES.network, 'The connection broke off before the export was complete.', response.status);
    }
    if (read.done) break;
    chunks.push(new Uint8Array(read.value));
    tally.add(decoder.decode(read.value, { stream: true }));
    onProgress({ rows: tally.rows, transactions: tally.transactions, total });
  }
  tally.add(decoder.decode());
  tally.finish();
  onProgress({ rows: tally.rows, transactions: tally.transactions, total });
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  return { blob: new Blob(chunks, { type: 'text/csv' }), name, rows: tally.rows };
}
