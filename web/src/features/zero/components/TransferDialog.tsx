import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { RecipientAssist } from '../../../lib/address-book/RecipientAssist';
import { typedAddress } from '../../../lib/address-book/model';
import { useNativeSentBefore } from '../api/sentTo';
import { recordRecentRecipient } from '../../../lib/address-book/useAddressBook';
import { ApiError } from '../../../lib/api/client';
import { notify } from '../../../lib/notify/notify';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { ScanButton } from '../../../lib/scan/ScanButton';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { ACCOUNT_NOT_FOUND, nativeAccountQueryOptions, useMemoRequirement } from '../api/account';
import type { SendableToken } from '../api/balances';
import { NATIVE_QUERY_ROOT } from '../api/nativeApi';
import { cleosCommand } from '../model/cleos';
import { transactionLink } from '../model/explorer';
import { missingMemo } from '../model/memoRequired';
import type { NativeSession, NativeSigner } from '../model/nativeSession';
import { settleTransaction, transactionSteps } from '../model/transactionSteps';
import type { FuelPreference } from '../model/sponsorDecision';
import type { ResourceShortage, SponsorFailure } from '../model/sponsorFailure';
import { transferAction, validateTransferForm, type FieldError, type TransferRequest } from '../model/transferForm';
import { runTransaction, type SponsoredAnswer, type TransferStage } from '../model/transferFlow';
import { SponsorFailedPanel, TransferFailedPanel, WalletRefusedNote } from './SelfPayPanels';
import { MemoRequiredNote } from './MemoRequiredNote';
import { SponsorConfirmation } from './SponsorConfirmation';
import { useExactAsset } from './useExactAsset';

type Step =
  | { kind: 'form' }
  /** `refused`: the wallet was asked and the user rejected the transaction. */
  | { kind: 'review'; request: TransferRequest; refused?: boolean }
  | { kind: 'working'; request: TransferRequest; stage: TransferStage }
  | { kind: 'fee'; request: TransferRequest; answer: SponsoredAnswer }
  | { kind: 'sponsor-failed'; request: TransferRequest; failure: SponsorFailure }
  | { kind: 'failed'; request: TransferRequest; message: string; shortage: ResourceShortage | null };

/** The scanner reads account names for this form. */
const NATIVE_SCAN = { kind: 'native' } as const;

interface TransferDialogProps {
  session: NativeSession;
  network: NetworkSummary;
  token: SendableToken;
  onClose: () => void;
}

/** What a transfer takes from the account: its quantity ("1.0000 TLOS") as an exact amount. */
function spentOf(quantity: string): FixedAmount | null {
  const [amount = ''] = quantity.split(' ');
  return fromPlainString(amount);
}

/** Send a native token (spec §4, §5): form → confirmation → fee sponsor → wallet → broadcast. */
export function TransferDialog({ session, network, token, onClose }: TransferDialogProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const exactAsset = useExactAsset();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decideFee = useRef<((decision: FuelPreference | null) => void) | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [input, setInput] = useState({ to: '', amount: '', memo: '' });
  const recipient = typedAddress('native', input.to);
  const sentBefore = useNativeSentBefore(network.name, session.account, recipient);
  // An exchange's deposit account: a transfer without a memo warns (it can still be sent).
  const memoRequirement = useMemoRequirement(network.name, recipient);
  const formMemoWarning = missingMemo(memoRequirement, input.memo);
  const [errors, setErrors] = useState<Partial<Record<'to' | 'amount' | 'memo', FieldError>>>({});
  const [checkingRecipient, setCheckingRecipient] = useState(false);
  const titleId = useId();
  const ids = { to: useId(), amount: useId(), memo: useId(), book: useId() };
  const available = fromPlainString(token.amount, token.decimals) ?? { raw: 0n, decimals: token.decimals };
  const systemSymbol = network.systemToken?.symbol ?? 'TLOS';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      decideFee.current?.(null);
    };
  }, []);

  const busy = step.kind === 'working' || step.kind === 'fee';
  const close = () => {
    if (step.kind === 'working') return;
    decideFee.current?.(null);
    onClose();
  };

  const review = (event: SyntheticEvent) => {
    event.preventDefault();
    const result = validateTransferForm(
      { from: session.account, ...input },
      { contract: token.contract, symbol: token.symbol, decimals: token.decimals, available },
      format.separators,
    );
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const request = result.value;
    // The recipient must exist before anything is built or signed: the chain would
    // refuse the transfer, and a sponsor's answer would hide why.
    setCheckingRecipient(true);
    void queryClient.query(nativeAccountQueryOptions(network.name, request.to)).then(
      () => {
        setCheckingRecipient(false);
        setStep({ kind: 'review', request });
      },
      (error: unknown) => {
        setCheckingRecipient(false);
        const missing = error instanceof ApiError && error.code === ACCOUNT_NOT_FOUND;
        setErrors({
          to: missing
            ? { key: 'zero.transfer.recipient_missing', values: { account: request.to, network: network.displayName } }
            : { key: 'zero.transfer.recipient_unchecked' },
        });
      },
    );
  };

  const steps = (request: TransferRequest, signer: NativeSigner) =>
    transactionSteps({
      network: network.name,
      session,
      signer,
      actions: [transferAction(request)],
      confirmSponsored: (answer) =>
        new Promise((resolve) => {
          decideFee.current = resolve;
          setStep({ kind: 'fee', request, answer });
        }),
      onStage: (stage) => { setStep({ kind: 'working', request, stage }); },
    });

  /** Runs the sponsored flow, or with `selfPaid` signs without asking the sponsor (the user pays the resources). */
  const send = async (request: TransferRequest, selfPaid = false) => {
    const signer = session.signer;
    if (signer === null) return;
    const result = await runTransaction(steps(request, signer), selfPaid);
    decideFee.current = null;
    const transactionId = settleTransaction(
      result,
      (refused) => { setStep({ kind: 'review', request, refused }); },
      (failure) => { setStep({ ...failure, request }); },
    );
    if (transactionId === null) return;
    notify.success(
      { key: 'zero.transfer.sent', values: { quantity: request.quantity, to: request.to } },
      transactionLink(network.explorerUrl, transactionId),
    );
    void queryClient.invalidateQueries({ queryKey: [NATIVE_QUERY_ROOT, network.name] });
    recordRecentRecipient(network.name, 'native', request.to);
    onClose();
  };

  const command = (request: TransferRequest) =>
    cleosCommand(network.rpcUrl ?? '<rpc>', {
      contract: request.contract,
      action: 'transfer',
      data: { from: request.from, to: request.to, quantity: request.quantity, memo: request.memo },
      actor: session.account,
      permission: session.permission,
    });

  const fieldError = (field: 'to' | 'amount' | 'memo') => {
    const error = errors[field];
    return error === undefined ? null : (
      <p id={`${ids[field]}-error`} className="zero-field__error" role="alert">{t(error.key, error.values ?? {})}</p>
    );
  };

  return (
    <dialog ref={dialogRef} className="dialog zero-dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); close(); }}>
      <h2 id={titleId} className="zero-card__title">{t('zero.transfer.title', { symbol: token.symbol })}</h2>
      <p className="zero-muted">{t('zero.transfer.available', { amount: exactAsset(token), contract: token.contract })}</p>

      {step.kind === 'form' && (
        <form onSubmit={review} noValidate className="zero-signin__form">
          <div className="zero-field">
            <span className="zero-field__label-row">
              <label htmlFor={ids.to}>{t('zero.transfer.to')}</label>
              <ScanButton target={NATIVE_SCAN} onScanned={(scanned) => { setInput((before) => ({ ...before, to: scanned.to })); }} />
            </span>
            <input className="input" id={ids.to} list={ids.book} value={input.to} autoComplete="off" spellCheck={false} aria-invalid={errors.to !== undefined} aria-describedby={`${ids.to}-error`}
              onChange={(event) => { setInput({ ...input, to: event.target.value }); }} />
            {fieldError('to')}
            <RecipientAssist network={network.name} networkName={network.displayName} kind="native" value={input.to} listId={ids.book}
              own={session.account} chainHistory={sentBefore} onPick={(account) => { setInput((before) => ({ ...before, to: account })); }} />
          </div>
          <div className="zero-field">
            <label htmlFor={ids.amount}>{t('zero.transfer.amount', { symbol: token.symbol, decimals: token.decimals })}</label>
            <div className="zero-field__row">
              <input className="input" id={ids.amount} value={input.amount} inputMode="decimal" autoComplete="off" aria-invalid={errors.amount !== undefined} aria-describedby={`${ids.amount}-error`}
                onChange={(event) => { setInput({ ...input, amount: event.target.value }); }} />
              <button type="button" className="button button--ghost button--small" onClick={() => { setInput({ ...input, amount: format.exact(token.amount) }); }}>
                {t('zero.transfer.max')}
              </button>
            </div>
            {fieldError('amount')}
          </div>
          <div className="zero-field">
            <label htmlFor={ids.memo}>{t('zero.transfer.memo')}</label>
            <input className="input" id={ids.memo} value={input.memo} autoComplete="off" aria-invalid={errors.memo !== undefined} aria-describedby={`${ids.memo}-error`}
              onChange={(event) => { setInput({ ...input, memo: event.target.value }); }} />
            {fieldError('memo')}
            {formMemoWarning !== null && recipient !== null && <MemoRequiredNote account={recipient} requirement={formMemoWarning} kind="transfer" />}
          </div>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={checkingRecipient}>
              {checkingRecipient ? t('zero.transfer.checking_recipient') : t('zero.transfer.review')}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>{t('zero.transfer.cancel')}</button>
          </div>
        </form>
      )}

      {step.kind !== 'form' && (
        <dl className="zero-facts" aria-label={t('zero.transfer.summary')}>
          <div className="zero-facts__row"><dt>{t('zero.transfer.from')}</dt><dd>{`${session.account}@${session.permission}`}</dd></div>
          <div className="zero-facts__row"><dt>{t('zero.transfer.to')}</dt><dd>{step.request.to}</dd></div>
          <div className="zero-facts__row"><dt>{t('zero.transfer.quantity')}</dt><dd className="zero-mono">{step.request.quantity}</dd></div>
          <div className="zero-facts__row"><dt>{t('zero.transfer.memo')}</dt><dd>{step.request.memo === '' ? t('zero.transfer.no_memo') : step.request.memo}</dd></div>
          <div className="zero-facts__row"><dt>{t('zero.network.label')}</dt><dd>{network.displayName}</dd></div>
        </dl>
      )}

      {step.kind === 'review' && missingMemo(memoRequirement, step.request.memo) !== null && memoRequirement !== null && (
        <MemoRequiredNote account={step.request.to} requirement={memoRequirement} kind="transfer" />
      )}

      {step.kind === 'review' && session.authenticator === 'cleos' && (
        <div className="zero-cleos">
          <p>{t('zero.transfer.cleos_intro')}</p>
          <pre className="zero-cleos__command" tabIndex={0}><code>{command(step.request)}</code></pre>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => {
              void navigator.clipboard.writeText(command(step.request)).then(
                () => notify.copied({ key: 'zero.transfer.cleos_copied' }),
                () => notify.error({ key: 'zero.transfer.cleos_copy_failed' }),
              );
            }}>{t('zero.transfer.copy_command')}</button>
            <button type="button" className="button button--secondary" onClick={() => { setStep({ kind: 'form' }); }}>{t('zero.transfer.edit')}</button>
            <button type="button" className="button button--secondary" onClick={close}>{t('zero.transfer.close')}</button>
          </div>
        </div>
      )}

      {step.kind === 'review' && step.refused === true && <WalletRefusedNote next={t('zero.transfer.refused_next')} />}

      {step.kind === 'review' && session.authenticator !== 'cleos' && (
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={session.signer === null} onClick={() => void send(step.request)}>
            {t('zero.transfer.confirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => { setStep({ kind: 'form' }); }}>{t('zero.transfer.edit')}</button>
          {session.signer === null && <p className="zero-field__error" role="alert">{t('zero.transfer.no_signer')}</p>}
        </div>
      )}

      {step.kind === 'working' && (
        <p className="zero-state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t(`zero.transfer.stage.${step.stage}`)}
        </p>
      )}

      {step.kind === 'fee' && (
        <SponsorConfirmation answer={step.answer} systemSymbol={systemSymbol}
          payer={{ network: network.name, account: session.account, spent: spentOf(step.request.quantity) }} onDecide={(decision) => { decideFee.current?.(decision); }} />
      )}

      {step.kind === 'sponsor-failed' && (
        <SponsorFailedPanel failure={step.failure} network={network.name} account={session.account} symbol={systemSymbol}
          onSelfPay={() => void send(step.request, true)} onRetry={() => void send(step.request)} onClose={close} />
      )}

      {step.kind === 'failed' && (
        <TransferFailedPanel title={t('zero.transfer.failed')} message={step.message} shortage={step.shortage} symbol={systemSymbol}
          onRetry={() => { setStep({ kind: 'review', request: step.request }); }} onClose={close} />
      )}

      {busy && step.kind === 'working' && <p className="zero-muted">{t('zero.transfer.wallet_hint')}</p>}
    </dialog>
  );
}
