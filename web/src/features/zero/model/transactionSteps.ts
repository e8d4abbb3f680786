/**
 * The outside steps of one native transaction (the transfer dialog's, the account
 * creation's): build with the session's signer, ask the network's fee sponsor, sign,
 * push, and the user's remembered fee decision for the account — everything
 * {@link runTransfer} and {@link runSelfPaid} need but the dialogs' own prompts.
 */

import { notify } from '../../../lib/notify/notify';
import { browserStorage } from '../../../lib/storage';
import { pushTransaction } from '../api/pushTransaction';
import { requestSponsor } from '../api/sponsor';
import type { NativeActionRequest, NativeSession, NativeSigner } from './nativeSession';
import { readFuelPreference, saveFuelDecision, type FuelPreference } from './sponsorDecision';
import type { SponsoredAnswer, TransactionResult, TransferStage, TransferSteps } from './transferFlow';
import { isWalletRefusal, WalletRefusedError, type TransactionFailure } from './walletRefusal';

export interface TransactionContext {
  readonly network: string;
  readonly session: NativeSession;
  readonly signer: NativeSigner;
  readonly actions: readonly NativeActionRequest[];
  /** Shows the fee confirmation; resolves with the decision, or null when it is closed. */
  readonly confirmSponsored: (answer: SponsoredAnswer) => Promise<FuelPreference | null>;
  readonly onStage: (stage: TransferStage) => void;
}

export function transactionSteps({ network, session, signer, actions, confirmSponsored, onStage }: TransactionContext): TransferSteps {
  const storage = browserStorage();
  return {
    buildUnsigned: (header) => signer.buildTransaction(actions, header),
    requestSponsor: (packedTrx) => requestSponsor(network, { actor: session.account, permission: session.permission }, packedTrx),
    confirmSponsored,
    sign: (packedTrx) => signer.sign(packedTrx).catch((error: unknown) => {
      throw isWalletRefusal(error) && !(error instanceof WalletRefusedError) ? new WalletRefusedError(error) : error;
    }),
    push: (transaction) => pushTransaction(network, transaction),
    preference: readFuelPreference(storage, network, session.account),
    savePreference: (decision) => { saveFuelDecision(storage, network, session.account, decision); },
    onStage,
  };
}

/**
 * What every native dialog does with a {@link TransactionResult}: a refusal in the wallet or
 * a fee confirmation closed is said in a notice and leads `back` to the review (`refused`
 * when the wallet refused), any other failure goes to `failed`; the id when it was sent.
 */
export function settleTransaction(
  result: TransactionResult,
  back: (refused: boolean) => void,
  failed: (failure: Exclude<TransactionFailure, { kind: 'refused' }>) => void,
): string | null {
  if (result.kind === 'refused') {
    notify.neutral({ key: 'wallet.error.USER_REJECTED' });
    back(true);
    return null;
  }
  if (result.kind === 'cancelled') {
    notify.neutral({ key: 'notify.cancelled_transaction' });
    back(false);
    return null;
  }
  if (result.kind !== 'sent') {
    failed(result);
    return null;
  }
  return result.transactionId;
}
