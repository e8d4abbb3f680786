/**
 * POST …/approvals/revoke-plan (spec §4 "Allowance revoke batch"): the server reads
 * each selected approval on chain and answers, in the selection's order, the revoke
 * transaction each one still needs, and which need none and why (already revoked,
 * no longer held…). Items are the rows' batch ids, `spender-token[-tokenId]` (spec §5).
 */

import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { RevokePlan as RevokePlanShape } from '../../../lib/api/generated/answerShapes';

export type RevokePlan = Schemas['RevokePlan'];
export type SkipReason = Schemas['SkipReason'];

export interface RevokePlanRequest {
  readonly network: string;
  readonly owner: string;
  readonly items: readonly string[];
  readonly fiat: string;
}

export function fetchRevokePlan({ network, owner, items, fiat }: RevokePlanRequest, options?: RequestOptions): Promise<RevokePlan> {
  return apiPost('/api/v1/evm/{network}/approvals/revoke-plan', { path: { network }, query: { fiat }, body: { owner, items: [...items] } }, RevokePlanShape, options);
}
