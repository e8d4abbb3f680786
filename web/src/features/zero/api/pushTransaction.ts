import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { expectRecord, expectString } from '../../../lib/api/shape';
import type { PackedTransaction } from './sponsor';

export type PushView = Schemas['PushView'];

export function parsePush(json: unknown): PushView {
  expectString(expectRecord(json, 'push').transactionId, 'transactionId');
  return json as PushView;
}

/** POST …/transactions: broadcasts a signed transaction; answers its id. */
export function pushTransaction(network: string, transaction: PackedTransaction, options?: RequestOptions): Promise<string> {
  return apiPost('/api/v1/native/{network}/transactions', { path: { network }, body: transaction }, parsePush, options).then(
    (view) => view.transactionId,
  );
}
