/**
 * One native transfer from the unsigned transaction to its id (spec §4 fee-sponsor
 * flow), with every outside step injected so the order of the steps is tested
 * without a wallet or a server:
 *
 * 1. unless the user remembered "no", the unsigned transaction goes to the sponsor;
 * 2. a fallback (or the sponsor being down) signs the original transaction;
 * 3. a sponsored answer is confirmed (unless remembered), then the returned
 *    transaction is signed and pushed with the sponsor's and the user's signatures;
 * 4. a refused sponsor answer (the server's sponsor.* 502) stops: nothing is pushed.
 */

import { ApiError } from '../../../lib/api/client';
import { packed, type PackedTransaction, type SponsorAnswer } from '../api/sponsor';
import { isSponsorFallbackError, nextStepAfterSponsor, shouldAskSponsor, type FuelPreference } from './sponsorDecision';

export type TransferStage = 'preparing' | 'asking-sponsor' | 'confirming-fee' | 'signing' | 'broadcasting';

export type SponsoredAnswer = Extract<SponsorAnswer, { kind: 'sponsored' }>;

export interface TransferSteps {
  /** The unsigned transaction, packed hex. */
  buildUnsigned(): Promise<string>;
  requestSponsor(packedTrx: string): Promise<SponsorAnswer>;
  /** Asks the user; null when the dialog was closed (the transfer is cancelled). */
  confirmSponsored(answer: SponsoredAnswer): Promise<FuelPreference | null>;
  sign(packedTrx: string): Promise<readonly string[]>;
  push(transaction: PackedTransaction): Promise<string>;
  readonly preference: FuelPreference | null;
  savePreference(decision: FuelPreference): void;
  onStage(stage: TransferStage): void;
}

export type TransferOutcome =
  | { readonly kind: 'sent'; readonly transactionId: string; readonly sponsored: boolean }
  | { readonly kind: 'cancelled' };

async function askSponsor(steps: TransferSteps, unsigned: string): Promise<SponsorAnswer> {
  try {
    return await steps.requestSponsor(unsigned);
  } catch (error) {
    if (error instanceof ApiError && isSponsorFallbackError(error)) return { kind: 'fallback', reason: error.message };
    throw error;
  }
}

export async function runTransfer(steps: TransferSteps): Promise<TransferOutcome> {
  steps.onStage('preparing');
  const unsigned = await steps.buildUnsigned();
  const signOriginal = async (): Promise<TransferOutcome> => {
    steps.onStage('signing');
    const signatures = await steps.sign(unsigned);
    steps.onStage('broadcasting');
    return { kind: 'sent', transactionId: await steps.push(packed(unsigned, signatures)), sponsored: false };
  };
  if (!shouldAskSponsor(steps.preference)) return signOriginal();

  steps.onStage('asking-sponsor');
  const answer = await askSponsor(steps, unsigned);
  let next = nextStepAfterSponsor(answer, steps.preference);
  if (answer.kind === 'fallback') return signOriginal();
  if (next === 'confirm') {
    steps.onStage('confirming-fee');
    const decision = await steps.confirmSponsored(answer);
    if (decision === null) return { kind: 'cancelled' };
    steps.savePreference(decision);
    next = decision.approve ? 'sign-sponsored' : 'sign-original';
  }
  if (next === 'sign-original') return signOriginal();

  steps.onStage('signing');
  const signatures = await steps.sign(answer.packedTrx);
  steps.onStage('broadcasting');
  const transactionId = await steps.push(packed(answer.packedTrx, [...answer.sponsorSignatures, ...signatures]));
  return { kind: 'sent', transactionId, sponsored: true };
}
