import type { RequestOptions } from '../../../lib/api/client';
import { apiPost, type Schemas } from '../../../lib/api/endpoints';
import { SponsorAnswerView as SponsorAnswerShape } from '../../../lib/api/generated/answerShapes';
import type { AssetView } from './nativeApi';

/** A transaction as the chain's push API takes it: hex `packed_trx`, K1 signatures. */
export type PackedTransaction = Schemas['PackedTransactionBody'];

export function packed(packedTrx: string, signatures: readonly string[] = []): PackedTransaction {
  return { signatures: [...signatures], compression: 0, packed_context_free_data: '', packed_trx: packedTrx };
}

/** The server's answer to POST …/sponsor as the flow reads it (spec §4 fee-sponsor flow). */
export type SponsorAnswer =
  | { readonly kind: 'fallback'; readonly reason: string }
  | {
      readonly kind: 'sponsored';
      readonly feeRequired: boolean;
      readonly fee: AssetView | null;
      readonly ramBytes: number | null;
      readonly transactionId: string;
      /** The transaction to sign instead of the original (verified by the server). */
      readonly packedTrx: string;
      readonly sponsorSignatures: readonly string[];
    };

type SponsorAnswerView = Schemas['SponsorAnswerView'];

export function sponsorAnswer(view: SponsorAnswerView): SponsorAnswer {
  if ('fallback' in view) return { kind: 'fallback', reason: view.reason };
  return {
    kind: 'sponsored',
    feeRequired: view.feeRequired,
    fee: view.fee ?? null,
    ramBytes: view.ramBytes ?? null,
    transactionId: view.transactionId,
    packedTrx: view.packedTrx,
    sponsorSignatures: view.signatures,
  };
}

/** POST …/sponsor: asks the network's fee sponsor to co-sign the unsigned transaction. */
export function requestSponsor(
  network: string,
  signer: { actor: string; permission: string },
  packedTrx: string,
  options?: RequestOptions,
): Promise<SponsorAnswer> {
  return apiPost(
    '/api/v1/native/{network}/sponsor',
    { path: { network }, body: { signer, packedTransaction: packed(packedTrx) } },
    SponsorAnswerShape,
    options,
  ).then(sponsorAnswer);
}
