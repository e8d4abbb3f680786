/**
 * GET /api/v1/evm/{network}/accounts/{address}/history.csv?from&to&fiat: the account's
 * history as a streamed CSV download (columns in docs/user/history-export.md).
 */

import type { paths } from '../generated/openapi';
import { downloadCsvExport, type ExportFile, type ExportProgress } from '../../export/csvDownload';
import type { CheckedRange } from '../../export/range';

type Route = '/api/v1/evm/{network}/accounts/{address}/history.csv';
// The route exists in the server's document: a rename there fails the type check here.
const ROUTE: Route & keyof paths = '/api/v1/evm/{network}/accounts/{address}/history.csv';

export interface EvmExportRequest {
  readonly network: string;
  readonly address: string;
  readonly fiat: string;
  readonly range: CheckedRange;
}

export function evmExportUrl({ network, address, fiat, range }: EvmExportRequest): string {
  const query = new URLSearchParams({ fiat });
  if (range.from !== null) query.set('from', range.from);
  if (range.to !== null) query.set('to', range.to);
  const path = ROUTE.replace('{network}', encodeURIComponent(network)).replace('{address}', encodeURIComponent(address));
  return `${path}?${query.toString()}`;
}

export function downloadEvmExport(request: EvmExportRequest, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<ExportFile> {
  return downloadCsvExport(evmExportUrl(request), `tandem-${request.network}-${request.address}.csv`, onProgress, signal);
}
