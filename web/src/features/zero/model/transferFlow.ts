/**
 * One native transaction from the unsigned transaction to its id (spec §4 fee-sponsor
 * flow), with every outside step injected so the order of the steps is tested
 * without a wallet or a server:
 *
 * 1. unless the user remembered "no", a transaction with the sponsor's header (it lives
 *    an hour, so the user may take minutes to decide and sign) goes to the sponsor;
 * 2. a fallback (400, no sponsor, or the sponsor being down) signs a fresh transaction
 *    with the normal header;
 * 3. a sponsored answer is confirmed (unless remembered), then the returned
 *    transaction is signed and pushed with the sponsor's and the user's signatures;
 * 4. any other sponsor failure (an error status, no answer in time, an answer our
 *    server refused) throws a {@link SponsorFailure}: nothing is signed, and the user
 *    may then pay the resources themselves ({@link runSelfPaid}).
 */

import { ApiError } from '../../../lib/api/client';
import { packed, type PackedTransaction, type SponsorAnswer } from '../api/sponsor';
import type { HeaderKind } from './nativeSession';
import { isSponsorFallbackError, nextStepAfterSponsor, shouldAskSponsor, type FuelPreference } from './sponsorDecision';
import { SponsorFailure } from './sponsorFailure';
import { transactionFailure, type TransactionFailure } from './walletRefusal';

export type TransferStage = 'preparing' | 'asking-sponsor' | 'confirming-fee' | 'signing' | 'broadcasting';

export type SponsoredAnswer = Extract<SponsorAnswer, { kind: 'sponsored' }>;

export interface TransferSteps {
  /** The unsigned transaction with the given header, packed hex. */
  buildUnsigned(header: HeaderKind): Promise<string>;
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
    throw new SponsorFailure(error);
  }
}

/** Signs and pushes a fresh transaction with the normal header: the account pays its own resources. */
export async function runSelfPaid(steps: Pick<TransferSteps, 'buildUnsigned' | 'sign' | 'push' | 'onStage'>): Promise<TransferOutcome> {
  steps.onStage('preparing');
  const unsigned = await steps.buildUnsigned('normal');
  steps.onStage('signing');
  const signatures = await steps.sign(unsigned);
  steps.onStage('broadcasting');
  return { kind: 'sent', transactionId: await steps.push(packed(unsigned, signatures)), sponsored: false };
}

export async function runTransfer(steps: TransferSteps): Promise<TransferOutcome> {
  if (!shouldAskSponsor(steps.preference)) return runSelfPaid(steps);

  steps.onStage('preparing');
  const unsigned = await steps.buildUnsigned('sponsored');
  steps.onStage('asking-sponsor');
  const answer = await askSponsor(steps, unsigned);
  if (answer.kind === 'fallback') return runSelfPaid(steps);
  let next = nextStepAfterSponsor(answer, steps.preference);
  if (next === 'confirm') {
    steps.onStage('confirming-fee');
    const decision = await steps.confirmSponsored(answer);
    if (decision === null) return { kind: 'cancelled' };
    steps.savePreference(decision);
    next = decision.approve ? 'sign-sponsored' : 'sign-original';
  }
  if (next === 'sign-original') return runSelfPaid(steps);

  steps.onStage('signing');
  const signatures = await steps.sign(answer.packedTrx);
  steps.onStage('broadcasting');
  const transactionId = await steps.push(packed(answer.packedTrx, [...answer.sponsorSignatures, ...signatures]));
  return { kind: 'sent', transactionId, sponsored: true };
}

/**
 * How a native transaction ended, as the dialogs lead on from it: sent (its id), cancelled at
 * the fee confirmation, or one of the {@link TransactionFailure}s (a wallet refusal among
 * them). `selfPaid` signs without asking the sponsor.
 */
export type TransactionResult = { readonly kind: 'sent'; readonly transactionId: string } | { readonly kind: 'cancelled' } | TransactionFailure;

export async function runTransaction(steps: TransferSteps, selfPaid: boolean): Promise<TransactionResult> {
  try {
    const outcome = await (selfPaid ? runSelfPaid(steps) : runTransfer(steps));
    return outcome.kind === 'sent' ? { kind: 'sent', transactionId: outcome.transactionId } : outcome;
  } catch (error) {
    return transactionFailure(error);
  }
}
