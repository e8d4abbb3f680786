/**
 * The outside steps of one native transaction (the transfer dialog's, the account
 * creation's): build with the session's signer, ask the network's fee sponsor, sign,
 * push, and the user's remembered fee decision for the account — everything
 * {@link runTransfer} and {@link runSelfPaid} need but the dialogs' own prompts.
 */

import { browserStorage } from '../../../lib/storage';
import { pushTransaction } from '../api/pushTransaction';
import { requestSponsor } from '../api/sponsor';
import type { NativeActionRequest, NativeSession, NativeSigner } from './nativeSession';
import { readFuelPreference, saveFuelDecision, type FuelPreference } from './sponsorDecision';
import type { SponsoredAnswer, TransferStage, TransferSteps } from './transferFlow';
import { isWalletRefusal, WalletRefusedError } from './walletRefusal';

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
