/**
 * The fee-sponsor decisions of spec §4 as plain data: what the user chose to
 * remember per account (spec §3 "Fuel preference per account": remember, approve),
 * and the next step after the sponsor's answer.
 */

import type { StorageLike } from '../../../lib/storage';
import { trySetItem } from '../../../lib/storage';

export interface FuelPreference {
  readonly remember: boolean;
  /** What was decided: use the sponsor (true) or sign without it (false). */
  readonly approve: boolean;
}

export function fuelPreferenceKey(network: string, account: string): string {
  return `tandem.fuel.${network}.${account}`;
}

export function readFuelPreference(storage: StorageLike | null, network: string, account: string): FuelPreference | null {
  const raw = storage?.getItem(fuelPreferenceKey(network, account)) ?? null;
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'remember' in value && 'approve' in value) {
      const { remember, approve } = value;
      if (remember === true && typeof approve === 'boolean') return { remember, approve };
    }
  } catch {
    // A value this code did not write counts as no decision.
  }
  return null;
}

/** Stores the decision when the user asked to remember it, and forgets an older one otherwise. */
export function saveFuelDecision(storage: StorageLike | null, network: string, account: string, decision: FuelPreference): void {
  const key = fuelPreferenceKey(network, account);
  if (decision.remember) trySetItem(storage, key, JSON.stringify({ remember: true, approve: decision.approve }));
  else storage?.removeItem(key);
}

/** A remembered "no" skips the sponsor entirely; anything else asks it. */
export function shouldAskSponsor(preference: FuelPreference | null): boolean {
  return !(preference?.remember === true && !preference.approve);
}

export type SponsorNextStep = 'sign-original' | 'confirm' | 'sign-sponsored';

/**
 * After the sponsor answered: a fallback signs the original transaction; a
 * sponsored answer goes to the fee confirmation unless the user remembered a decision.
 */
export function nextStepAfterSponsor(answer: { kind: 'fallback' | 'sponsored' }, preference: FuelPreference | null): SponsorNextStep {
  if (answer.kind === 'fallback') return 'sign-original';
  if (preference?.remember === true) return preference.approve ? 'sign-sponsored' : 'sign-original';
  return 'confirm';
}

/** Server error codes of POST …/sponsor that mean "sign without the sponsor" rather than "stop". */
const FALLBACK_CODES = new Set(['sponsor.unavailable']);

/** A sponsor failure that falls back to normal signing (the service is down); others stop the transfer. */
export function isSponsorFallbackError(error: { code: string; status: number }): boolean {
  return FALLBACK_CODES.has(error.code) || error.status === 503;
}

/** Spec §9: the fee confirmation recommends at least this much TLOS of CPU and of NET. */
export const RECOMMENDED_STAKE = '0.5';
