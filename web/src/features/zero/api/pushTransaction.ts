import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { PushView as PushViewShape } from '../../../lib/api/generated/answerShapes';
import type { PackedTransaction } from './sponsor';

export type PushView = Schemas['PushView'];

/** POST …/transactions: broadcasts a signed transaction; answers its id. */
export function pushTransaction(network: string, transaction: PackedTransaction, options?: RequestOptions): Promise<string> {
  return apiPost('/api/v1/native/{network}/transactions', { path: { network }, body: transaction }, PushViewShape, options).then(
    (view) => view.transactionId,
  );
}
