/**
 * POST …/approvals/revoke-plan (spec §4 "Allowance revoke batch"): the server reads
 * each selected approval on chain and answers, in the selection's order, the revoke
 * transaction each one still needs, and which need none and why (already revoked,
 * no longer held…). Items are the rows' batch ids, `spender-token[-tokenId]` (spec §5).
 */

import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { expectArray, expectRecord, expectString } from '../../../lib/api/shape';

export type RevokePlan = Schemas['RevokePlan'];
export type SkipReason = Schemas['SkipReason'];

export const SKIP_REASONS: readonly SkipReason[] = [
  'duplicate',
  'already_revoked',
  'not_owner',
  'not_a_token',
  'token_id_not_applicable',
  'read_failed',
  'would_fail',
];

export function parseRevokePlan(json: unknown): RevokePlan {
  const plan = expectRecord(json, 'revoke plan');
  expectString(plan.owner, 'owner');
  expectArray(plan.transactions, 'transactions').forEach((entry, index) => {
    const planned = expectRecord(entry, `transactions[${index}]`);
    expectString(planned.item, `transactions[${index}].item`);
    const transaction = expectRecord(planned.transaction, `transactions[${index}].transaction`);
    for (const field of ['from', 'to', 'data', 'value', 'gasLimit', 'gasPrice', 'summary']) {
      expectString(transaction[field], `transactions[${index}].transaction.${field}`);
    }
    if (typeof transaction.chainId !== 'number') throw new Error(`transactions[${index}].transaction.chainId is not a number`);
    expectString(expectRecord(transaction.fee, `transactions[${index}].transaction.fee`).wei, `transactions[${index}].transaction.fee.wei`);
  });
  expectArray(plan.skipped, 'skipped').forEach((entry, index) => {
    const skipped = expectRecord(entry, `skipped[${index}]`);
    expectString(skipped.item, `skipped[${index}].item`);
    expectString(skipped.message, `skipped[${index}].message`);
    const reason = expectString(skipped.reason, `skipped[${index}].reason`);
    if (!SKIP_REASONS.some((known) => known === reason)) throw new Error(`skipped[${index}].reason '${reason}' is unknown`);
  });
  return plan as RevokePlan;
}

export interface RevokePlanRequest {
  readonly network: string;
  readonly owner: string;
  readonly items: readonly string[];
  readonly fiat: string;
}

export function fetchRevokePlan({ network, owner, items, fiat }: RevokePlanRequest, options?: RequestOptions): Promise<RevokePlan> {
  return apiPost('/api/v1/evm/{network}/approvals/revoke-plan', { path: { network }, query: { fiat }, body: { owner, items: [...items] } }, parseRevokePlan, options);
}
