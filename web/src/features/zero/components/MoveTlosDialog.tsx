import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString } from '../../../lib/amount/fixedAmount';
import { ApiError } from '../../../lib/api/client';
import { EVM_QUERY_ROOT } from '../../../lib/api/evm/keys';
import { fetchLinkedEvmAddress, useLinkedEvmAddress } from '../../../lib/api/native/linkedEvmAddress';
import { prepareTransaction } from '../../../lib/evm-wallet/api/prepareTransaction';
import { sendPrepared, waitForReceipt } from '../../../lib/evm-wallet/transactions';
import { useEvmWallet } from '../../../lib/evm-wallet/useEvmWallet';
import { shortHex } from '../../../lib/format/shortHex';
import { translate } from '../../../lib/i18n/i18n';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { notify } from '../../../lib/notify/notify';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { browserStorage } from '../../../lib/storage';
import { classifyWalletError } from '../../../lib/wallet/walletErrors';
import { useNativeBalances } from '../api/balances';
import { prepareMove, type MoveBody, type MovePlan } from '../api/evmMove';
import { NATIVE_QUERY_ROOT } from '../api/nativeApi';
import { clearPendingMove, finishingBody, moveDestination, nativeActionsOf, savePendingMove, type MoveDirection, type PendingMove } from '../model/evmMove';
import { transactionLink } from '../model/explorer';
import type { NativeSession } from '../model/nativeSession';
import type { FuelPreference } from '../model/sponsorDecision';
import type { ResourceShortage, SponsorFailure } from '../model/sponsorFailure';
import { settleTransaction, transactionSteps } from '../model/transactionSteps';
import { runTransaction, type SponsoredAnswer, type TransferStage } from '../model/transferFlow';
import { MoveReview, useFeesExceedAmount } from './MoveReview';
import { MoveTlosForm } from './MoveTlosForm';
import { SponsorFailedPanel, TransferFailedPanel, WalletRefusedNote } from './SelfPayPanels';
import { SponsorConfirmation } from './SponsorConfirmation';

type EvmStage = 'evm_preparing' | 'evm_signing' | 'evm_confirming' | 'evm_seen';

type Step =
  | { kind: 'form'; note?: string }
  | { kind: 'review'; plan: MovePlan; refused?: 'evm' | 'native' }
  | { kind: 'evm'; plan: MovePlan; stage: EvmStage }
  | { kind: 'native'; plan: MovePlan; stage: TransferStage }
  | { kind: 'fee'; plan: MovePlan; answer: SponsoredAnswer }
  | { kind: 'sponsor-failed'; plan: MovePlan; failure: SponsorFailure }
  | { kind: 'failed'; plan: MovePlan; message: string; shortage: ResourceShortage | null }
  | { kind: 'done'; plan: MovePlan; to: string };

interface MoveTlosDialogProps {
  readonly session: NativeSession;
  readonly network: NetworkSummary;
  readonly direction: MoveDirection;
  /** A move whose EVM leg was sent: the dialog finishes it. */
  readonly pending: PendingMove | null;
  readonly onClose: () => void;
}

/** How long Telos Zero may take to see TLOS that reached the linked address (a block on Telos). */
const SEEN_TIMEOUT_MS = 30_000;
const SEEN_POLL_MS = 400;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorText(error: unknown): string {
  if (error instanceof ApiError) return translate(error.code as never, { defaultValue: error.message });
  return error instanceof Error ? error.message : String(error);
}

/**
 * One guided move of TLOS between Telos Zero and Telos EVM (ADR 0035): form → the
 * server's plan reviewed → the EVM leg (toward Zero from another address) signed in the
 * EVM wallet → the native leg signed in the Telos Zero wallet, with the fee sponsor and
 * the sign-yourself way out. A move whose second leg does not go through stays recorded
 * with where its TLOS is, and finishes from here later.
 */
export function MoveTlosDialog({ session, network, direction, pending, onClose }: MoveTlosDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [{ fiatCurrency }] = usePreferences();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decideFee = useRef<((decision: FuelPreference | null) => void) | null>(null);
  const titleId = useId();
  const evm = useEvmWallet();
  const linked = useLinkedEvmAddress(network.name, session.account);
  const balances = useNativeBalances(network.name, session.account, fiatCurrency);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [checking, setChecking] = useState(pending !== null);
  const [input, setInput] = useState({ direction, amount: '', to: '' });
  const [halfDone, setHalfDone] = useState<PendingMove | null>(pending);
  const systemSymbol = network.systemToken?.symbol ?? 'TLOS';
  const evmNetwork = network.linkedNetwork ?? '';
  const storage = browserStorage();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => { decideFee.current?.(null); };
  }, []);

  const requestPlan = (body: MoveBody) => {
    prepareMove(network.name, body).then(
      (plan) => {
        setChecking(false);
        setStep({ kind: 'review', plan });
      },
      (error: unknown) => {
        setChecking(false);
        setStep({ kind: 'form', note: errorText(error) });
      },
    );
  };
  const ask = (body: MoveBody) => {
    setChecking(true);
    requestPlan(body);
  };

  // A half-done move: plan its native leg at once (from the linked address, so only that leg is left).
  const finishing = pending !== null;
  useEffect(() => {
    if (pending !== null) requestPlan(finishingBody(pending));
    // Once, for the move the dialog was opened to finish.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refreshBoth = () => {
    const invalidate = () => {
      void queryClient.invalidateQueries({ queryKey: [NATIVE_QUERY_ROOT, network.name] });
      void queryClient.invalidateQueries({ queryKey: [EVM_QUERY_ROOT, evmNetwork] });
    };
    // Once now, and again while the other chain takes in the move (a block or two).
    invalidate();
    for (const later of [1_500, 4_000]) setTimeout(invalidate, later);
  };

  const busy = step.kind === 'evm' || step.kind === 'native' || step.kind === 'fee';
  const close = () => {
    if (busy && step.kind !== 'fee') return;
    decideFee.current?.(null);
    onClose();
  };

  const nativeSteps = (plan: MovePlan) => {
    const signer = session.signer;
    if (signer === null) return null;
    return transactionSteps({
      network: network.name,
      session,
      signer,
      actions: nativeActionsOf(plan.nativeActions),
      confirmSponsored: (answer) => new Promise((resolve) => {
        decideFee.current = resolve;
        setStep({ kind: 'fee', plan, answer });
      }),
      onStage: (stage) => { setStep({ kind: 'native', plan, stage }); },
    });
  };

  /** Waits until Telos Zero sees the moved TLOS in the linked address (what `withdraw` takes). */
  const waitUntilSeen = async (plan: MovePlan): Promise<boolean> => {
    const deadline = Date.now() + SEEN_TIMEOUT_MS;
    for (;;) {
      const view = await fetchLinkedEvmAddress(network.name, session.account).catch(() => null);
      const held = view?.contractBalanceWei == null ? null : BigInt(view.contractBalanceWei);
      if (held !== null && held >= BigInt(plan.wei)) return true;
      if (Date.now() > deadline) return false;
      await delay(SEEN_POLL_MS);
    }
  };

  const runNative = async (plan: MovePlan, selfPaid = false) => {
    const steps = nativeSteps(plan);
    if (steps === null) return;
    const result = await runTransaction(steps, selfPaid);
    decideFee.current = null;
    const transactionId = settleTransaction(
      result,
      (refused) => { setStep(refused ? { kind: 'review', plan, refused: 'native' } : { kind: 'review', plan }); },
      (failure) => { setStep({ ...failure, plan }); },
    );
    if (transactionId === null) return;
    clearPendingMove(storage, network.name, session.account);
    setHalfDone(null);
    const to = moveDestination(plan.direction, plan.nativeActions, session.account);
    notify.success({ key: 'move.done', values: { quantity: plan.quantity.quantity } }, transactionLink(network.explorerUrl, transactionId));
    refreshBoth();
    setStep({ kind: 'done', plan, to });
  };

  const runEvmLeg = async (plan: MovePlan) => {
    const leg = plan.evmLeg;
    const connection = evm.connection;
    if (leg == null) return true;
    if (connection === null || !evm.canSign) {
      setStep({ kind: 'form', note: t('move.error_no_evm_session') });
      return false;
    }
    setStep({ kind: 'evm', plan, stage: 'evm_preparing' });
    let hash: `0x${string}`;
    try {
      const prepared = await prepareTransaction(plan.evmNetwork, { kind: 'send', from: leg.from, to: leg.to, amount: plan.quantity.amount }, fiatCurrency);
      setStep({ kind: 'evm', plan, stage: 'evm_signing' });
      hash = await sendPrepared(connection, prepared);
    } catch (error) {
      if (classifyWalletError(error).outcome === 'cancelled') {
        notify.neutral({ key: 'wallet.error.USER_REJECTED' });
        setStep({ kind: 'review', plan, refused: 'evm' });
      } else {
        setStep({ kind: 'failed', plan, message: t('move.evm_failed', { cause: errorText(error) }), shortage: null });
      }
      return false;
    }
    // From here the TLOS is on its way to the linked address: keep the move until its native leg is done.
    const record: PendingMove = {
      network: network.name, account: session.account, to: moveDestination(plan.direction, plan.nativeActions, session.account),
      amount: plan.quantity.amount, quantity: plan.quantity.quantity, linkedAddress: leg.to, evmNetwork: plan.evmNetwork,
      evmHash: hash, startedAt: Date.now(),
    };
    savePendingMove(storage, record);
    setHalfDone(record);
    setStep({ kind: 'evm', plan, stage: 'evm_confirming' });
    try {
      const receipt = await waitForReceipt(connection.provider, hash);
      if (receipt.status !== 'success') {
        clearPendingMove(storage, network.name, session.account);
        setHalfDone(null);
        setStep({ kind: 'failed', plan, message: t('move.evm_failed', { cause: 'reverted' }), shortage: null });
        return false;
      }
    } catch (error) {
      setStep({ kind: 'failed', plan, message: t('move.evm_failed', { cause: errorText(error) }), shortage: null });
      return false;
    }
    refreshBoth();
    setStep({ kind: 'evm', plan, stage: 'evm_seen' });
    return true;
  };

  const run = async (plan: MovePlan) => {
    if (!(await runEvmLeg(plan))) return;
    if (plan.direction === 'toZero' && !(await waitUntilSeen(plan))) {
      setStep({ kind: 'failed', plan, message: t('move.not_seen'), shortage: null });
      return;
    }
    await runNative(plan);
  };

  /** After the EVM leg, retrying or signing yourself runs the native leg alone. */
  const retryNative = (plan: MovePlan, selfPaid = false) => {
    if (halfDone !== null) void runNative(plan, selfPaid);
    else if (selfPaid) void runNative(plan, true);
    else setStep({ kind: 'review', plan });
  };

  const nativeAvailable = (() => {
    const row = balances.data?.balances.find((b) => b.isSystem);
    return fromPlainString(row?.balance?.amount ?? '0', 4) ?? { raw: 0n, decimals: 4 };
  })();
  const linkedAddress = linked.data?.address ?? null;

  return (
    <dialog ref={dialogRef} className="dialog zero-dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); close(); }}>
      <h2 id={titleId} className="zero-card__title">{t('move.title')}</h2>
      {network.linkedNetwork === null ? <p className="zero-state zero-state--error" role="alert">{t('move.no_evm_network')}</p> : (
        <>
          {halfDone !== null && step.kind !== 'done' && (
            <div className="zero-state" role="status" data-testid="move-half-done">
              <p><strong>{t('move.half_title')}</strong></p>
              <p>{t('move.half_where', { quantity: halfDone.quantity, address: halfDone.linkedAddress, account: session.account, to: halfDone.to })}</p>
            </div>
          )}

          {step.kind === 'form' && !finishing && (
            <>
              <p className="zero-muted">{t('move.lead', { account: session.account })}</p>
              {step.note !== undefined && <p className="zero-field__error" role="alert">{step.note}</p>}
              <MoveTlosForm account={session.account} network={network.name} networkName={network.displayName} evmNetwork={evmNetwork} evmAddress={evm.account} linkedAddress={linkedAddress}
                nativeAvailable={nativeAvailable} initial={input} checking={checking}
                onReview={(body, typed) => { setInput(typed); ask(body); }} onCancel={close} />
            </>
          )}
          {step.kind === 'form' && finishing && (
            <>
              {step.note !== undefined && <p className="zero-field__error" role="alert">{step.note}</p>}
              {checking && <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t('move.reviewing')}</p>}
              <div className="button-row">
                <button type="button" className="button button--primary" disabled={checking} onClick={() => { ask(finishingBody(pending)); }}>{t('move.finish')}</button>
                <button type="button" className="button button--secondary" onClick={close}>{t('move.finish_later')}</button>
              </div>
            </>
          )}

          {step.kind !== 'form' && <MoveReview plan={step.plan} account={session.account} />}

          {step.kind === 'review' && step.refused === 'evm' && <WalletRefusedNote next={t('move.refused_evm')} />}
          {step.kind === 'review' && step.refused === 'native' && <WalletRefusedNote next={t('move.half_refused')} />}
          {step.kind === 'review' && (
            <div className="button-row">
              <ConfirmMove plan={step.plan} label={t(halfDone !== null ? 'move.finish' : 'move.confirm', { quantity: step.plan.quantity.quantity })}
                disabled={session.signer === null} onConfirm={() => void run(step.plan)} />
              {halfDone === null
                ? <button type="button" className="button button--secondary" onClick={() => { setStep({ kind: 'form' }); }}>{t('move.edit')}</button>
                : <button type="button" className="button button--secondary" onClick={close}>{t('move.finish_later')}</button>}
              {session.signer === null && <p className="zero-field__error" role="alert">{t('zero.transfer.no_signer')}</p>}
            </div>
          )}

          {step.kind === 'evm' && (
            <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t(`move.stage_${step.stage}`)}</p>
          )}
          {step.kind === 'native' && (
            <p className="zero-state" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('move.stage_native', {
                step: step.plan.evmLeg == null ? 1 : 2, steps: step.plan.evmLeg == null ? 1 : 2,
                stage: t(`zero.transfer.stage.${step.stage}`),
              })}
            </p>
          )}
          {step.kind === 'fee' && (
            <SponsorConfirmation answer={step.answer} systemSymbol={systemSymbol}
              payer={{ network: network.name, account: session.account, spent: step.plan.direction === 'toEvm' ? fromPlainString(step.plan.quantity.amount) : null }}
              onDecide={(decision) => { decideFee.current?.(decision); }} />
          )}
          {step.kind === 'sponsor-failed' && (
            <SponsorFailedPanel failure={step.failure} network={network.name} account={session.account} symbol={systemSymbol}
              onSelfPay={() => { retryNative(step.plan, true); }} onRetry={() => { retryNative(step.plan); }} onClose={close} />
          )}
          {step.kind === 'failed' && (
            <TransferFailedPanel title={halfDone !== null ? t('move.half_failed', { cause: '' }).replace(/:\s*$/, '') : t('zero.transfer.failed')} message={step.message} shortage={step.shortage} symbol={systemSymbol}
              onRetry={() => { retryNative(step.plan); }} onClose={close} />
          )}
          {step.kind === 'done' && (
            <div className="zero-state" role="status" data-testid="move-done">
              <p>{t('move.done', { quantity: step.plan.quantity.quantity })}</p>
              <p>{step.plan.direction === 'toEvm' ? t('move.done_evm', { address: step.to }) : t('move.done_zero', { account: step.to })}</p>
              <div className="button-row"><button type="button" className="button button--primary" onClick={onClose}>{t('move.close')}</button></div>
            </div>
          )}
          {linkedAddress !== null && step.kind !== 'done' && <p className="zero-muted">{t('move.linked_note', { account: session.account })}</p>}
          {step.kind === 'evm' && step.stage === 'evm_signing' && <p className="zero-muted">{shortHex(step.plan.evmLeg?.from ?? '')}</p>}
        </>
      )}
    </dialog>
  );
}

/** The review's confirm button: off while the move cannot go through (RAM short, fees above the amount). */
function ConfirmMove({ plan, label, disabled, onConfirm }: { plan: MovePlan; label: string; disabled: boolean; onConfirm: () => void }) {
  const feesExceed = useFeesExceedAmount(plan);
  return (
    <button type="button" className="button button--primary" disabled={disabled || !plan.ram.enough || feesExceed} onClick={onConfirm}>
      {label}
    </button>
  );
}
