import { postJson, type RequestOptions } from '../../../lib/api/client';
import { nativePath, record, text } from './nativeApi';
import type { PackedTransaction } from './sponsor';

/** POST …/transactions: broadcasts a signed transaction; answers its id. */
export function pushTransaction(network: string, transaction: PackedTransaction, options?: RequestOptions): Promise<string> {
  return postJson(
    nativePath(network, 'transactions'),
    transaction,
    (json) => text(record(json, 'push').transactionId, 'transactionId'),
    options,
  );
}
