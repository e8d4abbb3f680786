import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { prepareTransaction } from '../../../lib/evm-wallet/api/prepareTransaction';
import { ReviewWaitsNote } from '../../../lib/ui/FreshBalances';
import { TransactionReview } from '../../../lib/evm-wallet/TransactionReview';
import { prepareErrorText, useTransactionFlow } from '../../../lib/evm-wallet/useTransactionFlow';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import {
  balancesAfter,
  checkWrapAmount,
  feeReserveWei,
  maxAmount,
  sourceBalance,
  sourceSymbol,
  WRAP_DIRECTIONS,
  wrapDirection,
  type AmountProblem,
  type WrapBalances,
  type WrapDirection,
} from '../model/wrap';
import { ExactAmount } from '../../../lib/ui/AmountText';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

/** The smallest wrap there is: preparing it tells the fee of a wrap, which does not depend on the amount. */
const FEE_PROBE_AMOUNT = '0.000000000000000001';

const FAILURE_KEY = { wrap: 'wrap.error_wrap_failed', unwrap: 'wrap.error_unwrap_failed' } as const;
const SUCCESS_KEY = { wrap: 'wrap.success_wrap', unwrap: 'wrap.success_unwrap' } as const;
const DIRECTION_LABEL = { wrap: 'wrap.direction_wrap', unwrap: 'wrap.direction_unwrap' } as const;

type MaxState = { readonly kind: 'idle' } | { readonly kind: 'working' } | { readonly kind: 'failed'; readonly message: string };

interface WrapFormProps {
  readonly network: NetworkSummary;
  readonly account: string;
  readonly balances: WrapBalances;
  /**
   * The balances were read before the last confirmed transaction: a review would show
   * what the chain no longer holds, so none opens until they are read again.
   */
  readonly stale: boolean;
}

/** Before → after of both balances. */
function AfterBalances({ balances, after }: { balances: WrapBalances; after: { tlos: FixedAmount; wtlos: FixedAmount } }) {
  return (
    <dl className="wrap-after">
      <div className="wrap-after__row">
        <dt>{balances.tlosSymbol}</dt>
        <dd>
          <ExactAmount amount={balances.tlos} /> → <strong><ExactAmount amount={after.tlos} /></strong>
        </dd>
      </div>
      <div className="wrap-after__row">
        <dt>{balances.wtlosSymbol}</dt>
        <dd>
          <ExactAmount amount={balances.wtlos} /> → <strong><ExactAmount amount={after.wtlos} /></strong>
        </dd>
      </div>
    </dl>
  );
}

/** Wrap or unwrap: direction, amount with Max, the balances it leaves, then the review and the wallet. */
export function WrapForm({ network, account, balances, stale }: WrapFormProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const [{ fiatCurrency }] = usePreferences();
  const [searchParams, setSearchParams] = useSearchParams();
  // Local state answers the radio at once (a URL update may render later); the URL keeps it for a reload.
  const [direction, setDirection] = useState<WrapDirection>(() => wrapDirection(searchParams.get('direction')));
  const [input, setInput] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [reserveWei, setReserveWei] = useState<bigint | null>(null);
  const [maxState, setMaxState] = useState<MaxState>({ kind: 'idle' });
  const [reviewed, setReviewed] = useState<{ direction: WrapDirection; amount: FixedAmount; balances: WrapBalances } | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { amount: `${id}-amount`, hint: `${id}-hint`, error: `${id}-error` };

  const flow = useTransactionFlow({
    network,
    failureKey: FAILURE_KEY[direction],
    successMessage: { key: SUCCESS_KEY[direction] },
    // The flow itself has every screen's balances read again (lib/api/evm/accountWrites).
    onConfirmed: () => {
      setInput('');
      setSubmitted(false);
    },
  });

  const check = checkWrapAmount(input, { direction, balances, separators: format.separators, reserveWei });
  const symbol = sourceSymbol(direction, balances);
  const problemText = (problem: AmountProblem): string => {
    switch (problem.kind) {
      case 'invalid':
        return t(problem.issue.key, problem.issue.values ?? {});
      case 'zero':
        return t('wrap.amount_positive');
      case 'balance':
        return t('validation.balance_too_low');
      case 'feeRoom':
        return t('wrap.fee_room', { amount: format.token(problem.max) });
    }
  };
  const shownProblem = !check.ok && (submitted || input.trim() !== '') ? problemText(check.problem) : null;
  const maxMessage = maxState.kind === 'failed' ? maxState.message : null;
  const errorText = shownProblem ?? maxMessage;

  const choose = (next: WrapDirection) => {
    setDirection(next);
    setSearchParams((params) => {
      params.set('direction', next);
      return params;
    }, { replace: true });
    setInput('');
    setSubmitted(false);
    setMaxState({ kind: 'idle' });
  };

  const fillMax = async () => {
    if (direction === 'unwrap') {
      setInput(format.exact(balances.wtlos));
      setMaxState({ kind: 'idle' });
      return;
    }
    setMaxState({ kind: 'working' });
    try {
      const probe = await prepareTransaction(network.name, { kind: 'wrap', from: account, amount: FEE_PROBE_AMOUNT }, fiatCurrency);
      const reserve = feeReserveWei(probe);
      setReserveWei(reserve);
      const max = maxAmount('wrap', balances, reserve);
      if (max.raw === 0n) {
        setMaxState({ kind: 'failed', message: t('wrap.fee_not_covered') });
      } else {
        setInput(format.exact(max));
        setMaxState({ kind: 'idle' });
      }
    } catch (error) {
      const notCovered = error instanceof ApiError && (error.code === 'evm.insufficient_funds' || error.code === 'validation.balance_too_low');
      setMaxState({ kind: 'failed', message: notCovered ? t('wrap.fee_not_covered') : t('wrap.max_failed', { cause: prepareErrorText(error) }) });
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      amountRef.current?.focus();
      return;
    }
    if (stale) return;
    setReviewed({ direction, amount: check.amount, balances });
    void flow.prepare({ kind: direction, from: account, amount: toPlainString(check.amount) });
  };

  const prepared = 'prepared' in flow.state ? flow.state.prepared : null;

  return (
    <section className="card card--stack" aria-labelledby={`${id}-title`}>
      <form className="wrap-form" onSubmit={submit} noValidate>
        <fieldset className="choice-row choice-pills">
          <legend id={`${id}-title`} className="card__title">
            {t('wrap.direction')}
          </legend>
          {WRAP_DIRECTIONS.map((candidate) => (
            <label key={candidate} className={`choice-pills__option${candidate === direction ? ' choice-pills__option--active' : ''}`}>
              <input type="radio" name={`${id}-direction`} value={candidate} checked={candidate === direction} onChange={() => { choose(candidate); }} />
              {t(DIRECTION_LABEL[candidate])}
            </label>
          ))}
        </fieldset>

        <div className="amount-field">
          <label htmlFor={ids.amount}>{t('wrap.amount', { symbol })}</label>
          <div className="amount-field__row">
            <input className="input"
              ref={amountRef}
              id={ids.amount}
              value={input}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errorText !== null}
              aria-describedby={`${ids.hint}${errorText === null ? '' : ` ${ids.error}`}`}
              onChange={(event) => {
                setInput(event.target.value);
                if (maxState.kind === 'failed') setMaxState({ kind: 'idle' });
              }}
            />
            <button type="button" className="button button--secondary button--small" disabled={maxState.kind === 'working'} onClick={() => void fillMax()}>
              {t('wrap.max')}
            </button>
          </div>
          <p id={ids.hint} className="muted text-break">
            <TextWithAmounts i18nKey="wrap.available" values={{ symbol }} amounts={{ amount: { amount: sourceBalance(direction, balances) } }} />
          </p>
          {maxState.kind === 'working' && (
            <p className="state muted text-break" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('wrap.max_working')}
            </p>
          )}
          {errorText !== null && (
            <p id={ids.error} className="amount-field__error" role="alert">
              {errorText}
            </p>
          )}
        </div>

        {check.ok && (
          <div className="wrap-preview" aria-live="polite">
            <p className="wrap-preview__title">{t('wrap.after_title')}</p>
            <AfterBalances balances={balances} after={balancesAfter(direction, balances, check.amount)} />
            <p className="muted text-break">{t('wrap.after_fee_note')}</p>
          </div>
        )}

        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={flow.state.phase !== 'idle' || stale} aria-describedby={stale ? `${id}-stale` : undefined}>
            {t('wrap.review')}
          </button>
        </div>
        {stale && <ReviewWaitsNote id={`${id}-stale`} />}
      </form>

      <TransactionReview flow={flow} explorerUrl={network.explorerUrl} onClose={() => amountRef.current?.focus()}>
        {prepared !== null && reviewed !== null && (
          <div className="wrap-preview">
            <p className="wrap-preview__title">{t('wrap.after_title')}</p>
            <AfterBalances
              balances={reviewed.balances}
              after={balancesAfter(reviewed.direction, reviewed.balances, reviewed.amount, BigInt(prepared.fee.wei))}
            />
            <p className="muted text-break">{t('wrap.after_with_fee')}</p>
          </div>
        )}
      </TransactionReview>
    </section>
  );
}
