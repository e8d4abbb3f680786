/**
 * The wallet would not sign: the user rejected the transaction (the development
 * wallet's Reject, a wallet app's cancel, a closed wallet window). Nothing was signed
 * or sent, so the flow goes back to its review with the refusal in words and the same
 * button to sign again (spec §8: a cancelled transaction is a neutral outcome).
 */

import { resourceShortage, SponsorFailure, type ResourceShortage } from './sponsorFailure';

export class WalletRefusedError extends Error {
  constructor(cause?: unknown) {
    super('The wallet did not sign the transaction: the user rejected it', { cause });
    this.name = 'WalletRefusedError';
  }
}

/** WharfKit's wallet plugins report a closed or refused prompt only in words. */
const REFUSAL_WORDS = /cancel|closed|rejected|denied/i;

/** True for the development wallet's Reject and for a wallet plugin's cancel or closed window. */
export function isWalletRefusal(error: unknown): boolean {
  if (error instanceof WalletRefusedError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return REFUSAL_WORDS.test(message);
}

/** How a native transaction that did not go through ends, as the dialogs show it. */
export type TransactionFailure =
  | { readonly kind: 'sponsor-failed'; readonly failure: SponsorFailure }
  | { readonly kind: 'refused' }
  | { readonly kind: 'failed'; readonly message: string; readonly shortage: ResourceShortage | null };

/**
 * What a thrown error means for the user. Only the signing step can be refused
 * (transactionSteps turns a wallet's refusal into {@link WalletRefusedError}), so a
 * server's or chain's text that happens to say "rejected" stays a failure.
 */
export function transactionFailure(error: unknown): TransactionFailure {
  if (error instanceof SponsorFailure) return { kind: 'sponsor-failed', failure: error };
  if (error instanceof WalletRefusedError) return { kind: 'refused' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error), shortage: resourceShortage(error) };
}
