import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { memoryStorage } from '../../../lib/storage';
import type { PackedTransaction, SponsorAnswer } from '../api/sponsor';
import {
  fuelPreferenceKey,
  nextStepAfterSponsor,
  readFuelPreference,
  saveFuelDecision,
  shouldAskSponsor,
  type FuelPreference,
} from './sponsorDecision';
import { runTransfer, type SponsoredAnswer, type TransferSteps } from './transferFlow';

const sponsored: SponsoredAnswer = {
  kind: 'sponsored',
  feeRequired: true,
  fee: { quantity: '0.0123 TLOS', amount: '0.0123', symbol: 'TLOS', decimals: 4 },
  ramBytes: 2048,
  transactionId: 'f'.repeat(64),
  packedTrx: 'cosigned',
  sponsorSignatures: ['SIG_K1_sponsor'],
};

function harness(answer: SponsorAnswer | Error, options: { preference?: FuelPreference | null; decision?: FuelPreference | null } = {}) {
  const log: string[] = [];
  const pushed: PackedTransaction[] = [];
  const saved: FuelPreference[] = [];
  const steps: TransferSteps = {
    buildUnsigned: () => Promise.resolve('unsigned'),
    requestSponsor: (trx) => {
      log.push(`sponsor:${trx}`);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    confirmSponsored: () => {
      log.push('confirm');
      return Promise.resolve(options.decision === undefined ? { remember: false, approve: true } : options.decision);
    },
    sign: (trx) => {
      log.push(`sign:${trx}`);
      return Promise.resolve(['SIG_K1_user']);
    },
    push: (transaction) => {
      pushed.push(transaction);
      return Promise.resolve('txid');
    },
    preference: options.preference ?? null,
    savePreference: (decision) => saved.push(decision),
    onStage: (stage) => log.push(`stage:${stage}`),
  };
  return { steps, log, pushed, saved };
}

describe('runTransfer', () => {
  it('signs the original transaction when the sponsor falls back', async () => {
    const { steps, log, pushed } = harness({ kind: 'fallback', reason: 'Account does not require resources' });
    await expect(runTransfer(steps)).resolves.toEqual({ kind: 'sent', transactionId: 'txid', sponsored: false });
    expect(log.filter((entry) => !entry.startsWith('stage:'))).toEqual(['sponsor:unsigned', 'sign:unsigned']);
    expect(pushed).toEqual([{ signatures: ['SIG_K1_user'], compression: 0, packed_context_free_data: '', packed_trx: 'unsigned' }]);
  });

  it('confirms, then signs the sponsored transaction and pushes both signatures', async () => {
    const { steps, log, pushed, saved } = harness(sponsored, { decision: { remember: true, approve: true } });
    await expect(runTransfer(steps)).resolves.toEqual({ kind: 'sent', transactionId: 'txid', sponsored: true });
    expect(log).toEqual([
      'stage:preparing',
      'stage:asking-sponsor',
      'sponsor:unsigned',
      'stage:confirming-fee',
      'confirm',
      'stage:signing',
      'sign:cosigned',
      'stage:broadcasting',
    ]);
    expect(pushed[0]?.signatures).toEqual(['SIG_K1_sponsor', 'SIG_K1_user']);
    expect(pushed[0]?.packed_trx).toBe('cosigned');
    expect(saved).toEqual([{ remember: true, approve: true }]);
  });

  it('skips the confirmation when the user remembered yes', async () => {
    const { steps, log } = harness(sponsored, { preference: { remember: true, approve: true } });
    await runTransfer(steps);
    expect(log).not.toContain('confirm');
    expect(log).toContain('sign:cosigned');
  });

  it('never asks the sponsor when the user remembered no', async () => {
    const { steps, log } = harness(sponsored, { preference: { remember: true, approve: false } });
    await expect(runTransfer(steps)).resolves.toMatchObject({ sponsored: false });
    expect(log.filter((entry) => !entry.startsWith('stage:'))).toEqual(['sign:unsigned']);
  });

  it('signs the original when the user declines the sponsor', async () => {
    const { steps, log, pushed } = harness(sponsored, { decision: { remember: false, approve: false } });
    await expect(runTransfer(steps)).resolves.toMatchObject({ sponsored: false });
    expect(log).toContain('sign:unsigned');
    expect(pushed[0]?.signatures).toEqual(['SIG_K1_user']);
  });

  it('is cancelled, with nothing signed or pushed, when the confirmation is closed', async () => {
    const { steps, log, pushed } = harness(sponsored, { decision: null });
    await expect(runTransfer(steps)).resolves.toEqual({ kind: 'cancelled' });
    expect(log.some((entry) => entry.startsWith('sign:'))).toBe(false);
    expect(pushed).toEqual([]);
  });

  it('falls back to normal signing when the sponsor service is down', async () => {
    const { steps, pushed } = harness(new ApiError('sponsor.unavailable', 'down', 503));
    await expect(runTransfer(steps)).resolves.toMatchObject({ sponsored: false });
    expect(pushed).toHaveLength(1);
  });

  it('stops on a refused (tampered) sponsor answer: nothing is signed or broadcast', async () => {
    const refusal = new ApiError('sponsor.fee_exceeds_maximum', 'fee exceeds maximum', 502);
    const { steps, log, pushed } = harness(refusal);
    await expect(runTransfer(steps)).rejects.toBe(refusal);
    expect(log.some((entry) => entry.startsWith('sign:'))).toBe(false);
    expect(pushed).toEqual([]);
  });
});

describe('fuel preference', () => {
  it('remembers a decision per network and account, and forgets it when not asked to remember', () => {
    const storage = memoryStorage();
    saveFuelDecision(storage, 'telos', 'alice', { remember: true, approve: false });
    expect(readFuelPreference(storage, 'telos', 'alice')).toEqual({ remember: true, approve: false });
    expect(readFuelPreference(storage, 'telos', 'bob')).toBeNull();
    expect(readFuelPreference(storage, 'telos-testnet', 'alice')).toBeNull();
    saveFuelDecision(storage, 'telos', 'alice', { remember: false, approve: true });
    expect(readFuelPreference(storage, 'telos', 'alice')).toBeNull();
  });

  it('ignores values it did not write', () => {
    const storage = memoryStorage({ [fuelPreferenceKey('telos', 'alice')]: '{"approve":"yes"}' });
    expect(readFuelPreference(storage, 'telos', 'alice')).toBeNull();
    storage.setItem(fuelPreferenceKey('telos', 'alice'), 'not json');
    expect(readFuelPreference(storage, 'telos', 'alice')).toBeNull();
  });

  it.each([
    [null, 'sponsored', true, 'confirm'],
    [{ remember: true, approve: true }, 'sponsored', true, 'sign-sponsored'],
    [{ remember: true, approve: false }, 'sponsored', false, 'sign-original'],
    [null, 'fallback', true, 'sign-original'],
    [{ remember: true, approve: true }, 'fallback', true, 'sign-original'],
  ] as const)('with %o and a %s answer: ask=%s, next %s', (preference, kind, ask, next) => {
    expect(shouldAskSponsor(preference)).toBe(ask);
    expect(nextStepAfterSponsor({ kind }, preference)).toBe(next);
  });
});
