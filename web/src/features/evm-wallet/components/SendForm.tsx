import { useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useCallback, useId, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import { RecipientAssist } from '../../../lib/address-book/RecipientAssist';
import { recordRecentRecipient } from '../../../lib/address-book/useAddressBook';
import { useEvmPoisoningSigns, useEvmSentBefore } from '../../../lib/address-book/useSentBefore';
import { preparationDelayMs } from '../../../lib/evm-wallet/connectionProtocol';
import { TransactionReview } from '../../../lib/evm-wallet/TransactionReview';
import { ReviewWaitsNote } from '../../../lib/ui/FreshBalances';
import { useEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { useTransactionFlow } from '../../../lib/evm-wallet/useTransactionFlow';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { sendFill } from '../../../lib/scan/fill';
import { ScanButton } from '../../../lib/scan/ScanButton';
import type { Scanned } from '../../../lib/scan/scanned';
import { validateEvmAddress } from '../../../lib/validation/evmAddress';
import { sendPreviewQueryOptions, useSendPreview, type SendRequest } from '../api/sendPreview';
import {
  amountInputText,
  checkSendForm,
  feeReserveWei,
  fiatValue,
  maxSendable,
  pickToken,
  serverProblem,
  smallestUnit,
  type FieldProblem,
  type SendField,
  type SendToken,
  type SendTokenList,
} from '../model/sendForm';
import { FeeEstimate } from './FeeEstimate';
import { useSettledRequest } from './useSettledRequest';
import { LongId } from '../../../lib/ui/CopyButton';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

interface SendFormProps {
  readonly network: NetworkSummary;
  readonly account: string;
  readonly tokens: SendTokenList;
  /** The balances predate the account's last confirmed transaction: the review waits for fresh ones. */
  readonly stale: boolean;
}

type MaxState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'note' | 'error'; message: FieldProblem };

/** What was sent for review, for the dialog's facts and the success toast. */
interface Reviewed {
  readonly request: SendRequest;
  readonly amount: FixedAmount;
  readonly token: SendToken;
  /** The recipient's warnings, repeated in the review: the form sends the checksummed address, so the server has none. */
  readonly warnings: readonly FieldProblem[];
}

const ADDRESS_LENGTH = 42;

/** The send form (spec §4 "Send", §5): token, recipient, amount, fee, then the review dialog. */
export function SendForm({ network, account, tokens, stale }: SendFormProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const [{ fiatCurrency }] = usePreferences();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [input, setInput] = useState({ to: '', amount: '' });
  const [toTouched, setToTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [max, setMax] = useState<MaxState>({ kind: 'idle' });
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [sent, setSent] = useState(false);
  const ids = { token: useId(), to: useId(), amount: useId(), fee: useId(), form: useId(), book: useId() };
  const [scanNote, setScanNote] = useState<FieldProblem | null>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const token = pickToken(tokens, pickedId, searchParams.get('token'));
  const check = checkSendForm(input, token, account, format.separators);
  const sentBefore = useEvmSentBefore(network.name, account, input.to);
  const poisoning = useEvmPoisoningSigns(network.name, account, input.to);
  const { connection } = useEvmScreen();
  // Spec §4: a connection-protocol wallet's transfer preparation is debounced 500 ms.
  const { settled, current } = useSettledRequest(check.request, preparationDelayMs(connection?.walletId));
  const preview = useSendPreview(network.name, settled, fiatCurrency);
  const problem = current && preview.isError ? serverProblem(preview.error) : null;
  const previewed = current && check.request !== null && preview.isSuccess ? preview.data : null;

  const flow = useTransactionFlow({
    network,
    failureKey: 'evm.send.failed',
    ...(reviewed === null
      ? {}
      : { successMessage: { key: 'evm.send.sent', values: { amount: format.exact(reviewed.amount), symbol: reviewed.token.symbol } } }),
    // The flow has the new balances and history row read (lib/api/evm/accountWrites).
    onConfirmed: () => {
      setSent(true);
      if (reviewed !== null) recordRecentRecipient(network.name, 'evm', reviewed.request.to);
    },
  });

  const scanTarget = useMemo(() => ({ kind: 'evm', chainId: Number(network.chainId) }) as const, [network.chainId]);
  const applyScan = useCallback(
    (scanned: Scanned) => {
      const fill = sendFill(scanned, tokens);
      if (fill.tokenId !== null) setPickedId(fill.tokenId);
      setInput((before) => ({
        to: fill.to,
        amount: fill.amount === null ? before.amount : amountInputText(fill.amount, format.separators),
      }));
      setToTouched(true);
      setMax({ kind: 'idle' });
      setScanNote(fill.unknownToken === null ? { key: 'scan.filled' } : { key: 'scan.token_unknown', values: { token: fill.unknownToken } });
    },
    [tokens, format.separators],
  );

  const showToError = check.errors.to !== undefined && (submitted || toTouched || input.to.trim().length >= ADDRESS_LENGTH);
  const showAmountError = check.errors.amount !== undefined && (submitted || input.amount.trim() !== '');
  const messageOf = (field: SendField): FieldProblem | { text: string } | null => {
    if (field === 'to' && showToError && check.errors.to) return check.errors.to;
    if (field === 'amount' && showAmountError && check.errors.amount) return check.errors.amount;
    if (field === 'amount' && max.kind === 'error') return max.message;
    if (problem?.field === field && check.errors[field] === undefined) {
      return { text: t(problem.code as ParseKeys, { ...problem.values, defaultValue: problem.message }) };
    }
    if (field === 'amount' && max.kind === 'note') return max.message;
    return null;
  };

  const chooseToken = (id: string) => {
    setPickedId(id);
    setMax({ kind: 'idle' });
    const symbol = tokens.find((candidate) => candidate.id === id)?.symbol;
    if (symbol !== undefined) {
      const next = new URLSearchParams(searchParams);
      next.set('token', symbol);
      setSearchParams(next, { replace: true });
    }
  };

  const fillMax = async () => {
    if (!token.isNative) {
      setInput((before) => ({ ...before, amount: amountInputText(token.available, format.separators) }));
      setMax({ kind: 'idle' });
      return;
    }
    setMax({ kind: 'busy' });
    const recipient = validateEvmAddress(input.to.trim());
    const estimate: SendRequest = {
      kind: 'send',
      from: account,
      to: recipient.ok ? recipient.value.checksummed : account,
      amount: smallestUnit(token.decimals),
    };
    try {
      const prepared = await queryClient.query(sendPreviewQueryOptions(network.name, estimate, fiatCurrency));
      const reserve = feeReserveWei(prepared);
      const largest = maxSendable(token, reserve);
      if (largest === null) {
        setMax({ kind: 'error', message: { key: 'evm.send.max_no_funds', values: { symbol: token.symbol } } });
        return;
      }
      setInput((before) => ({ ...before, amount: amountInputText(largest, format.separators) }));
      const fee = format.gas({ raw: reserve, decimals: 18 });
      setMax({ kind: 'note', message: { key: 'evm.send.max_fee_note', values: { fee, symbol: token.symbol } } });
    } catch (error) {
      const refused = serverProblem(error);
      const noFunds = refused.code === 'evm.insufficient_funds' || refused.code === 'validation.balance_too_low';
      const cause = t(refused.code as ParseKeys, { ...refused.values, defaultValue: refused.message });
      setMax({
        kind: 'error',
        message: noFunds ? { key: 'evm.send.max_no_funds', values: { symbol: token.symbol } } : { key: 'evm.send.max_failed', values: { cause } },
      });
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setToTouched(true);
    const request = check.request;
    const invalid = (['to', 'amount'] as const).find((field) => check.errors[field] !== undefined);
    if (request === null || check.amount === null) {
      (invalid === 'amount' ? amountRef : toRef).current?.focus();
      return;
    }
    if (problem !== null && problem.field !== null) {
      if (problem.field === 'amount') amountRef.current?.focus();
      else toRef.current?.focus();
      return;
    }
    if (stale) return;
    setReviewed({ request, amount: check.amount, token, warnings: check.warnings });
    void flow.prepare(request);
  };

  const closeReview = () => {
    if (sent) {
      setInput({ to: '', amount: '' });
      setSubmitted(false);
      setToTouched(false);
      setMax({ kind: 'idle' });
      setSent(false);
    }
    setReviewed(null);
  };

  const fieldMessage = (field: SendField) => {
    const message = messageOf(field);
    if (message === null) return null;
    const isNote = field === 'amount' && max.kind === 'note' && message === max.message;
    return (
      <p id={`${ids[field]}-message`} className={isNote ? 'evm-field__hint' : 'evm-field__error'} role={isNote ? 'status' : 'alert'}>
        {'text' in message ? message.text : t(message.key, message.values ?? {})}
      </p>
    );
  };

  const amountFiat = check.amount === null ? null : fiatValue(check.amount, token.price);
  const availableFiat = fiatValue(token.available, token.price);
  const describedBy = (field: SendField, ...more: string[]) =>
    [messageOf(field) === null ? null : `${ids[field]}-message`, ...more].filter((id) => id !== null).join(' ') || undefined;

  return (
    <>
      <form id={ids.form} className="card evm-card evm-send__form" onSubmit={submit} noValidate aria-label={t('evm.send.title')}>
        <div className="evm-field">
          <label htmlFor={ids.token}>{t('evm.send.token')}</label>
          <select className="input"
            id={ids.token}
            value={token.id}
            onChange={(event) => { chooseToken(event.target.value); }}
            aria-describedby={`${ids.token}-available`}
          >
            {tokens.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t('evm.send.token_option', { symbol: candidate.symbol, amount: format.token(candidate.available) })}
              </option>
            ))}
          </select>
          <p id={`${ids.token}-available`} className="evm-field__hint" data-testid="evm-send-available">
            <TextWithAmounts i18nKey="evm.send.available" values={{ symbol: token.symbol }} amounts={{ amount: { amount: token.available } }} />
            {availableFiat !== null && <> {t('evm.send.fiat', { fiat: format.fiat(availableFiat) })}</>}
          </p>
        </div>

        <div className="evm-field">
          <span className="evm-field__label-row">
            <label htmlFor={ids.to}>{t('evm.send.to')}</label>
            <ScanButton target={scanTarget} onScanned={applyScan} />
          </span>
          <input
            id={ids.to}
            list={ids.book}
            ref={toRef}
            type="text"
            className="input address"
            value={input.to}
            placeholder="0x…"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={showToError || problem?.field === 'to'}
            aria-describedby={describedBy('to', `${ids.to}-hint`)}
            onChange={(event) => {
              setInput((before) => ({ ...before, to: event.target.value }));
              setScanNote(null);
            }}
            onBlur={() => { if (input.to !== '') setToTouched(true); }}
          />
          <p id={`${ids.to}-hint`} className="evm-field__hint">{t('evm.send.to_hint')}</p>
          {scanNote !== null && <p className="evm-field__hint" role="status">{t(scanNote.key, scanNote.values ?? {})}</p>}
          <RecipientAssist network={network.name} networkName={network.displayName} kind="evm" value={input.to} listId={ids.book}
            own={account} chainHistory={sentBefore} poisoning={poisoning} onPick={(address) => { setInput((before) => ({ ...before, to: address })); setToTouched(true); }} />
          {fieldMessage('to')}
          {check.errors.to === undefined &&
            check.warnings.map((warning) => (
              <p key={warning.key} className="evm-field__warning" role="status">
                {t(warning.key, warning.values ?? {})}
              </p>
            ))}
        </div>

        <div className="evm-field">
          <label htmlFor={ids.amount}>{t('evm.send.amount', { symbol: token.symbol })}</label>
          <div className="evm-field__row">
            <input className="input"
              id={ids.amount}
              ref={amountRef}
              type="text"
              inputMode="decimal"
              value={input.amount}
              placeholder="0"
              autoComplete="off"
              aria-invalid={showAmountError || problem?.field === 'amount' || max.kind === 'error'}
              aria-describedby={describedBy('amount', `${ids.amount}-fiat`)}
              onChange={(event) => {
                setInput((before) => ({ ...before, amount: event.target.value }));
                setMax({ kind: 'idle' });
              }}
            />
            <button
              type="button"
              className="button button--secondary button--small"
              aria-describedby={`${ids.amount}-max`}
              aria-busy={max.kind === 'busy'}
              disabled={max.kind === 'busy'}
              onClick={() => void fillMax()}
            >
              {max.kind === 'busy' && <span className="spinner" aria-hidden="true" />}
              {t('evm.send.max')}
            </button>
          </div>
          <p id={`${ids.amount}-fiat`} className="evm-field__hint" aria-live="polite">
            {amountFiat !== null ? t('evm.send.fiat', { fiat: format.fiat(amountFiat) }) : ' '}
          </p>
          <p id={`${ids.amount}-max`} className="visually-hidden">
            {max.kind === 'busy' ? t('evm.send.max_busy') : t('evm.send.max_label')}
          </p>
          {fieldMessage('amount')}
        </div>

        <FeeEstimate
          id={ids.fee}
          valid={check.request !== null}
          estimating={check.request !== null && problem === null && previewed === null}
          prepared={previewed}
          sentAmount={token.isNative ? check.amount : null}
        />

        {problem !== null && problem.field === null && (
          <p className="evm-field__error" role="alert">
            {t('evm.send.failed_general', { cause: t(problem.code as ParseKeys, { ...problem.values, defaultValue: problem.message }) })}
          </p>
        )}

        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={flow.state.phase === 'preparing' || stale}
            aria-describedby={stale ? `${ids.form}-stale` : undefined}
          >
            {t('evm.send.review')}
          </button>
        </div>
        {stale && <ReviewWaitsNote id={`${ids.form}-stale`} />}
      </form>

      <TransactionReview flow={flow} explorerUrl={network.explorerUrl} onClose={closeReview}>
        {reviewed !== null && (
          <dl className="tx-dialog__facts">
            {!reviewed.token.isNative && (
              <div>
                <dt>{t('evm.send.recipient')}</dt>
                <dd>
                  <LongId value={reviewed.request.to} what="address" />
                </dd>
              </div>
            )}
            <div>
              <dt>{t('evm.send.amount_fact')}</dt>
              <dd>
                {format.exact(reviewed.amount)} {reviewed.token.symbol}
              </dd>
            </div>
          </dl>
        )}
        {reviewed !== null && reviewed.warnings.length > 0 && (
          <div className="tx-dialog__warning" role="note">
            <strong>{t('tx.warning')}</strong>
            <ul>
              {reviewed.warnings.map((warning) => (
                <li key={warning.key}>{t(warning.key, warning.values ?? {})}</li>
              ))}
            </ul>
          </div>
        )}
      </TransactionReview>
    </>
  );
}
