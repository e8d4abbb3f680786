/**
 * GET /api/v1/native/{network}/accounts/{account}/history.csv?from&to: the account's
 * token transfers as a streamed CSV download (columns in docs/user/history-export.md;
 * native values are "price not known" until native prices are served).
 */

import { downloadCsvExport, type ExportFile, type ExportProgress } from '../../export/csvDownload';
import type { CheckedRange } from '../../export/range';

export interface NativeExportRequest {
  readonly network: string;
  readonly account: string;
  readonly range: CheckedRange;
}

export function nativeExportUrl({ network, account, range }: NativeExportRequest): string {
  const query = new URLSearchParams();
  if (range.from !== null) query.set('from', range.from);
  if (range.to !== null) query.set('to', range.to);
  const search = query.toString();
  return `/api/v1/native/${encodeURIComponent(network)}/accounts/${encodeURIComponent(account)}/history.csv${search === '' ? '' : `?${search}`}`;
}

export function downloadNativeExport(request: NativeExportRequest, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<ExportFile> {
  return downloadCsvExport(nativeExportUrl(request), `tandem-${request.network}-${request.account}.csv`, onProgress, signal);
}
