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
import { resourceShortage, SponsorFailure, sponsorFailureText } from './sponsorFailure';
import { runSelfPaid, runTransaction, runTransfer, type SponsoredAnswer, type TransferSteps } from './transferFlow';
import { WalletRefusedError } from './walletRefusal';

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
    buildUnsigned: (header) => {
      log.push(`build:${header}`);
      return Promise.resolve(`unsigned-${header}`);
    },
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
    // The sponsor saw a transaction with its long header; the user signs a fresh normal one.
    expect(log.filter((entry) => !entry.startsWith('stage:'))).toEqual([
      'build:sponsored',
      'sponsor:unsigned-sponsored',
      'build:normal',
      'sign:unsigned-normal',
    ]);
    expect(pushed).toEqual([{ signatures: ['SIG_K1_user'], compression: 0, packed_context_free_data: '', packed_trx: 'unsigned-normal' }]);
  });

  it('confirms, then signs the sponsored transaction and pushes both signatures', async () => {
    const { steps, log, pushed, saved } = harness(sponsored, { decision: { remember: true, approve: true } });
    await expect(runTransfer(steps)).resolves.toEqual({ kind: 'sent', transactionId: 'txid', sponsored: true });
    expect(log).toEqual([
      'stage:preparing',
      'build:sponsored',
      'stage:asking-sponsor',
      'sponsor:unsigned-sponsored',
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
    expect(log.filter((entry) => !entry.startsWith('stage:'))).toEqual(['build:normal', 'sign:unsigned-normal']);
  });

  it('signs the original when the user declines the sponsor', async () => {
    const { steps, log, pushed } = harness(sponsored, { decision: { remember: false, approve: false } });
    await expect(runTransfer(steps)).resolves.toMatchObject({ sponsored: false });
    expect(log).toContain('sign:unsigned-normal');
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

  it.each([
    ['a refused (tampered) answer', new ApiError('sponsor.fee_exceeds_maximum', 'fee exceeds maximum', 502), 'zero.sponsor_failed.fee_too_high'],
    ['its 500', new ApiError('sponsor.unexpected_code', 'Code 500 not expected', 502, { sponsorStatus: 500 }), 'zero.sponsor_failed.error_status'],
    ['no answer in time', new ApiError('sponsor.timeout', 'timed out', 504), 'zero.sponsor_failed.timeout'],
    ['our server being unreachable', new ApiError('client.network_unreachable', 'unreachable', 0), 'zero.sponsor_failed.unreachable'],
    ['a changed header', new ApiError('sponsor.header_changed', 'changed', 502), 'zero.sponsor_failed.mismatch'],
  ])('stops on %s with nothing signed, then the user can pay the resources themselves', async (_case, error, key) => {
    const { steps, log, pushed } = harness(error);
    const failure = await runTransfer(steps).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(failure).toBeInstanceOf(SponsorFailure);
    expect(sponsorFailureText(failure as SponsorFailure, '0.05 TLOS').key).toBe(key);
    expect(log.some((entry) => entry.startsWith('sign:'))).toBe(false);
    expect(pushed).toEqual([]);

    await expect(runSelfPaid(steps)).resolves.toEqual({ kind: 'sent', transactionId: 'txid', sponsored: false });
    expect(log.filter((entry) => entry.startsWith('build:') || entry.startsWith('sign:')).slice(-2)).toEqual(['build:normal', 'sign:unsigned-normal']);
    expect(pushed).toHaveLength(1);
  });

  it('names the status a failing sponsor answered', () => {
    const failure = new SponsorFailure(new ApiError('sponsor.unexpected_code', 'x', 502, { sponsorStatus: 500 }));
    expect(sponsorFailureText(failure, '0.05 TLOS')).toEqual({ key: 'zero.sponsor_failed.error_status', values: { status: 500 } });
  });
});

describe('resourceShortage', () => {
  it.each([
    ['tx_cpu_usage_exceeded', 'cpu'],
    ['leeway_deadline_exception', 'cpu'],
    ['tx_net_usage_exceeded', 'net'],
    ['ram_usage_exceeded', 'ram'],
    ['expired_tx_exception', 'expired'],
    ['eosio_assert_message_exception', null],
  ])('reads %s as %s', (name, shortage) => {
    expect(resourceShortage(new ApiError('antelope.chain.error', 'refused', 400, { name }))).toBe(shortage);
  });

  it('is null for anything but the chain refusing', () => {
    expect(resourceShortage(new ApiError('client.network_unreachable', 'x', 0))).toBeNull();
    expect(resourceShortage(new Error('x'))).toBeNull();
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

describe('runTransaction', () => {
  it('answers how the transaction ended: sent, cancelled at the fee, refused by the wallet, or failed', async () => {
    const fallback: SponsorAnswer = { kind: 'fallback', reason: 'Account does not require resources' };
    expect(await runTransaction(harness(fallback).steps, false)).toEqual({ kind: 'sent', transactionId: 'txid' });
    expect(await runTransaction(harness(sponsored, { decision: null }).steps, false)).toEqual({ kind: 'cancelled' });
    const refusing = harness(fallback).steps;
    expect(await runTransaction({ ...refusing, sign: () => Promise.reject(new WalletRefusedError()) }, true)).toEqual({ kind: 'refused' });
    const failing = harness(fallback).steps;
    const failed = await runTransaction({ ...failing, push: () => Promise.reject(new Error('chain said no')) }, true);
    expect(failed).toMatchObject({ kind: 'failed', message: 'chain said no' });
    expect((await runTransaction(harness(new Error('500')).steps, false)).kind).toBe('sponsor-failed');
  });
});
