import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { notify } from '../../../lib/notify/notify';
import { NATIVE_QUERY_ROOT } from '../api/nativeApi';
import { transactionLink, transactionSearch } from '../model/explorer';
import type { NativeActionRequest, NativeSession } from '../model/nativeSession';
import type { FuelPreference } from '../model/sponsorDecision';
import type { ResourceShortage, SponsorFailure } from '../model/sponsorFailure';
import { settleTransaction, transactionSteps } from '../model/transactionSteps';
import { runTransaction, type SponsoredAnswer, type TransferStage } from '../model/transferFlow';
import { SponsorFailedPanel, TransferFailedPanel, WalletRefusedNote } from './SelfPayPanels';
import { SponsorConfirmation } from './SponsorConfirmation';

/** One system-contract transaction as the user reviews it: what it does, in words and figures. */
export interface SystemActionPlan {
  /** The dialog's title, e.g. "Stake TLOS into REX". */
  readonly title: string;
  /** Label and value pairs of the review, in the order read. */
  readonly facts: readonly (readonly [string, string])[];
  /** Sentences the user should read before signing (a vote set in the same transaction, a gift of tokens). */
  readonly notes?: readonly string[];
  readonly actions: readonly NativeActionRequest[];
  /** What leaves the account in the system token, for the sponsor's total; null when nothing. */
  readonly spent: FixedAmount | null;
  /** What the notification says once the chain took it. */
  readonly done: string;
}

type Step =
  | { kind: 'review'; refused?: boolean }
  | { kind: 'working'; stage: TransferStage }
  | { kind: 'fee'; answer: SponsoredAnswer }
  | { kind: 'sponsor-failed'; failure: SponsorFailure }
  | { kind: 'failed'; message: string; shortage: ResourceShortage | null }
  | { kind: 'done'; transactionId: string };

/**
 * Review → fee sponsor → wallet → receipt for one system-contract transaction (staking,
 * resources, votes), the same flow as a transfer's: the sponsor may pay the resources, a
 * failed sponsor leaves the sign-yourself way, a refusal in the wallet signs nothing. On
 * the receipt every figure of the account is read again, at once and as the chain settles.
 */
export function SystemActionDialog({ session, network, plan, onClose }: {
  session: NativeSession;
  network: NetworkSummary;
  plan: SystemActionPlan;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decideFee = useRef<((decision: FuelPreference | null) => void) | null>(null);
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'review' });
  const systemSymbol = network.systemToken?.symbol ?? 'TLOS';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => { decideFee.current?.(null); };
  }, []);

  const close = () => {
    if (step.kind === 'working') return;
    decideFee.current?.(null);
    onClose();
  };

  const refresh = () => {
    const invalidate = () => { void queryClient.invalidateQueries({ queryKey: [NATIVE_QUERY_ROOT, network.name] }); };
    invalidate();
    // A block later the chain's tables (REX buckets, refunds, the RAM market) have settled too.
    setTimeout(invalidate, 1_500);
  };

  const sign = async (selfPaid = false) => {
    const signer = session.signer;
    if (signer === null) return;
    const steps = transactionSteps({
      network: network.name,
      session,
      signer,
      actions: plan.actions,
      confirmSponsored: (answer) => new Promise((resolve) => {
        decideFee.current = resolve;
        setStep({ kind: 'fee', answer });
      }),
      onStage: (stage) => { setStep({ kind: 'working', stage }); },
    });
    const result = await runTransaction(steps, selfPaid);
    decideFee.current = null;
    const transactionId = settleTransaction(result, (refused) => { setStep({ kind: 'review', refused }); }, setStep);
    if (transactionId === null) return;
    notify.success({ key: 'stake.notify_done', values: { what: plan.done } }, transactionLink(network.explorerUrl, transactionId));
    refresh();
    setStep({ kind: 'done', transactionId });
  };

  return (
    <dialog ref={dialogRef} className="dialog zero-dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); close(); }}>
      <h2 id={titleId} className="zero-card__title">{plan.title}</h2>
      <dl className="zero-facts" aria-label={t('stake.review_summary')} data-testid="action-review">
        <div className="zero-facts__row"><dt>{t('stake.signer')}</dt><dd>{`${session.account}@${session.permission}`}</dd></div>
        {plan.facts.map(([label, value]) => (
          <div key={label} className="zero-facts__row"><dt>{label}</dt><dd className={/^[\d-]/.test(value) ? 'zero-mono' : undefined}>{value}</dd></div>
        ))}
        <div className="zero-facts__row"><dt>{t('zero.network.label')}</dt><dd>{network.displayName}</dd></div>
      </dl>
      {plan.notes?.map((note) => <p key={note} className="zero-state" role="note">{note}</p>)}

      {step.kind === 'review' && step.refused === true && <WalletRefusedNote next={t('stake.refused_next')} />}
      {step.kind === 'review' && (
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={session.signer === null} onClick={() => void sign()}>{t('stake.sign')}</button>
          <button type="button" className="button button--secondary" onClick={close}>{t('stake.back')}</button>
          {session.signer === null && <p className="zero-field__error" role="alert">{t('zero.transfer.no_signer')}</p>}
        </div>
      )}
      {step.kind === 'working' && (
        <>
          <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t(`zero.transfer.stage.${step.stage}`)}</p>
          <p className="zero-muted">{t('zero.transfer.wallet_hint')}</p>
        </>
      )}
      {step.kind === 'fee' && (
        <SponsorConfirmation answer={step.answer} systemSymbol={systemSymbol}
          payer={{ network: network.name, account: session.account, spent: plan.spent }} onDecide={(decision) => { decideFee.current?.(decision); }} />
      )}
      {step.kind === 'sponsor-failed' && (
        <SponsorFailedPanel failure={step.failure} network={network.name} account={session.account} symbol={systemSymbol}
          onSelfPay={() => void sign(true)} onRetry={() => void sign()} onClose={close} />
      )}
      {step.kind === 'failed' && (
        <TransferFailedPanel title={t('stake.failed')} message={step.message} shortage={step.shortage} symbol={systemSymbol}
          onRetry={() => { setStep({ kind: 'review' }); }} onClose={close} />
      )}
      {step.kind === 'done' && (
        <div className="zero-state" role="status" data-testid="action-done">
          <p><strong>{t('stake.done_title')}</strong> {plan.done}</p>
          <p><Link to={`/zero/balance${transactionSearch(step.transactionId)}`}>{t('stake.view_transaction')}</Link></p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={close}>{t('stake.close')}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
