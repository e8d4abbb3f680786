/**
 * When the fee sponsor cannot help (spec §4: any code but 200, 402 and 400; no
 * answer in time; an answer our verifier refuses), the transfer is not lost: the
 * user signs and pays the resources themselves from the same dialog. This module
 * names the failure in the user's words and reads what a self-paid transaction's
 * refusal says about the account's resources (spec §8 "insufficient RAM advice",
 * spec §9 "at least 0.5 TLOS of CPU and of NET").
 */

import type { ParseKeys } from 'i18next';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/client';

/** A sponsor failure that stops the sponsored path (the self-paid path stays open). */
export class SponsorFailure extends Error {
  readonly code: string;
  readonly sponsorStatus: number | null;

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'SponsorFailure';
    this.code = cause instanceof ApiError ? cause.code : 'client.unknown';
    const details: unknown = cause instanceof ApiError ? cause.details : null;
    const status = typeof details === 'object' && details !== null && 'sponsorStatus' in details ? details.sponsorStatus : null;
    this.sponsorStatus = typeof status === 'number' ? status : null;
  }
}

export interface Sentence {
  readonly key: ParseKeys;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** Why the sponsor could not help, as one sentence. */
export function sponsorFailureText(failure: SponsorFailure, maxFee: string): Sentence {
  switch (failure.code) {
    case 'sponsor.timeout':
      return { key: 'zero.sponsor_failed.timeout' };
    case 'sponsor.unreachable':
    case CLIENT_ERROR_CODES.network:
      return { key: 'zero.sponsor_failed.unreachable' };
    case 'sponsor.unexpected_code':
      return failure.sponsorStatus === null
        ? { key: 'zero.sponsor_failed.error' }
        : { key: 'zero.sponsor_failed.error_status', values: { status: failure.sponsorStatus } };
    case 'sponsor.invalid_answer':
      return { key: 'zero.sponsor_failed.unreadable' };
    case 'sponsor.fee_exceeds_maximum':
      return { key: 'zero.sponsor_failed.fee_too_high', values: { max: maxFee } };
    default:
      return failure.code.startsWith('sponsor.') ? { key: 'zero.sponsor_failed.mismatch' } : { key: 'zero.sponsor_failed.error' };
  }
}

export type ResourceShortage = 'cpu' | 'net' | 'ram' | 'expired';

/** The chain's exception names that mean the account lacked a resource (or the signature came too late). */
const SHORTAGE_BY_NAME: Readonly<Record<string, ResourceShortage>> = {
  tx_cpu_usage_exceeded: 'cpu',
  leeway_deadline_exception: 'cpu',
  deadline_exception: 'cpu',
  tx_net_usage_exceeded: 'net',
  ram_usage_exceeded: 'ram',
  expired_tx_exception: 'expired',
};

/** What a refused push says about the account's resources, or null for another refusal. */
export function resourceShortage(error: unknown): ResourceShortage | null {
  if (!(error instanceof ApiError) || error.code !== 'antelope.chain.error') return null;
  const details: unknown = error.details;
  const name = typeof details === 'object' && details !== null && 'name' in details ? details.name : null;
  return typeof name === 'string' ? (SHORTAGE_BY_NAME[name] ?? null) : null;
}
