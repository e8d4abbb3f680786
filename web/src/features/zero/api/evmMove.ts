/**
 * POST /api/v1/native/{network}/evm-moves/prepare: the server checks a TLOS move between
 * Telos Zero and Telos EVM against the chain and says what each leg signs (ADR 0035).
 * A mutation-like call, not a query: each press of Review asks again.
 */

import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { MovePlanView as MovePlanShape } from '../../../lib/api/generated/answerShapes';

export type MovePlan = Schemas['MovePlanView'];
export type MoveBody = Schemas['MoveBody'];
export type MoveAction = Schemas['MoveActionView'];

export function prepareMove(network: string, body: MoveBody, options?: RequestOptions): Promise<MovePlan> {
  return apiPost('/api/v1/native/{network}/evm-moves/prepare', { path: { network }, body }, MovePlanShape, options);
}
