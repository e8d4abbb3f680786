import { postJson, type RequestOptions } from '../../../lib/api/client';
import { asset, nativePath, record, text, textList, type AssetView } from './nativeApi';

/** A transaction as the chain's push API takes it: hex `packed_trx`, K1 signatures. */
export interface PackedTransaction {
  readonly signatures: readonly string[];
  readonly compression: 0;
  readonly packed_context_free_data: '';
  readonly packed_trx: string;
}

export function packed(packedTrx: string, signatures: readonly string[] = []): PackedTransaction {
  return { signatures, compression: 0, packed_context_free_data: '', packed_trx: packedTrx };
}

/** The server's answer to POST …/sponsor (spec §4 fee-sponsor flow). */
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

export function parseSponsorAnswer(json: unknown): SponsorAnswer {
  const value = record(json, 'sponsor');
  if (value.fallback === 'sign-normally') {
    return { kind: 'fallback', reason: typeof value.reason === 'string' ? value.reason : '' };
  }
  if (value.sponsored !== true) throw new Error('neither sponsored nor a fallback');
  return {
    kind: 'sponsored',
    feeRequired: value.feeRequired === true,
    fee: value.fee === null || value.fee === undefined ? null : asset(value.fee, 'fee'),
    ramBytes: typeof value.ramBytes === 'number' ? value.ramBytes : null,
    transactionId: text(value.transactionId, 'transactionId'),
    packedTrx: text(value.packedTrx, 'packedTrx'),
    sponsorSignatures: textList(value.signatures, 'signatures'),
  };
}

/** POST …/sponsor: asks the network's fee sponsor to co-sign the unsigned transaction. */
export function requestSponsor(
  network: string,
  signer: { actor: string; permission: string },
  packedTrx: string,
  options?: RequestOptions,
): Promise<SponsorAnswer> {
  return postJson(nativePath(network, 'sponsor'), { signer, packedTransaction: packed(packedTrx) }, parseSponsorAnswer, options);
}
