import { useId, useRef, useState, type ReactNode, type SyntheticEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { toPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import { prepareTransaction, type PrepareRequest } from '../../../lib/evm-wallet/api/prepareTransaction';
import { prepareErrorText } from '../../../lib/evm-wallet/useTransactionFlow';
import { useAmountFormatter, useDateTimeFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { ReviewWaitsNote } from '../../../lib/ui/FreshBalances';
import type { AccountStaking } from '../api/accountStaking';
import type { StakingOverview } from '../api/overview';
import { checkAmount, expectedShares, feeReserveWei, maxStake, unlockEstimate, unstakeAssets, wei, type AmountProblem } from '../model/staking';
import { useDurationText } from './Duration';
import { useNowSeconds } from './useNowSeconds';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

/** What the review dialog shows under the server's summary, per action. */
export type Reviewed =
  | { readonly action: 'stake'; readonly amount: FixedAmount; readonly shares: FixedAmount }
  | { readonly action: 'unstake'; readonly shares: FixedAmount; readonly assets: FixedAmount; readonly unlockAt: number }
  | { readonly action: 'withdraw'; readonly amount: FixedAmount };

export type StartTransaction = (reviewed: Reviewed, request: PrepareRequest) => void;

const TABS = ['stake', 'unstake'] as const;
type Tab = (typeof TABS)[number];

/** The smallest stake there is: preparing it tells the fee of a stake, which does not depend on the amount. */
const FEE_PROBE_AMOUNT = '0.000000000000000001';

function useProblemText() {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  return (problem: AmountProblem): string => {
    switch (problem.kind) {
      case 'invalid':
        return t(problem.issue.key, problem.issue.values ?? {});
      case 'zero':
        return t('staking.amount_positive');
      case 'balance':
        return t('validation.balance_too_low');
      case 'feeRoom':
        return t('staking.fee_room', { amount: format.token(problem.max) });
    }
  };
}

interface AmountFieldProps {
  readonly label: string;
  readonly hint: ReactNode;
  readonly value: string;
  readonly error: string | null;
  readonly working: boolean;
  readonly onChange: (value: string) => void;
  readonly onMax: () => void;
  readonly inputRef: RefObject<HTMLInputElement | null>;
}

function AmountField({ label, hint, value, error, working, onChange, onMax, inputRef }: AmountFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="amount-field">
      <label htmlFor={`${id}-amount`}>{label}</label>
      <div className="amount-field__row">
        <input className="input"
          ref={inputRef}
          id={`${id}-amount`}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint${error === null ? '' : ` ${id}-error`}`}
          onChange={(event) => { onChange(event.target.value); }}
        />
        <button type="button" className="button button--secondary button--small" disabled={working} onClick={onMax}>
          {t('staking.max')}
        </button>
      </div>
      <p id={`${id}-hint`} className="muted text-break">
        {hint}
      </p>
      {working && (
        <p className="state muted text-break" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('staking.max_working')}
        </p>
      )}
      {error !== null && (
        <p id={`${id}-error`} className="amount-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormProps {
  readonly networkName: string;
  readonly account: string;
  readonly overview: StakingOverview;
  readonly position: AccountStaking;
  readonly tlos: FixedAmount;
  readonly busy: boolean;
  /** The balances predate the account's last confirmed transaction: the review waits for fresh ones. */
  readonly stale: boolean;
  readonly onStart: StartTransaction;
}

type MaxState = { readonly kind: 'idle' } | { readonly kind: 'working' } | { readonly kind: 'failed'; readonly message: string };

/** A form's Review button, held (and saying why) while the balances are not fresh. */
function ReviewButton({ label, busy, stale }: { label: string; busy: boolean; stale: boolean }) {
  const id = useId();
  return (
    <>
      <button type="submit" className="button button--primary" disabled={busy || stale} aria-describedby={stale ? id : undefined}>
        {label}
      </button>
      {stale && <ReviewWaitsNote id={id} />}
    </>
  );
}

/** Stake TLOS for STLOS, with the STLOS expected at the current price. */
function StakeForm({ networkName, account, overview, tlos, busy, stale, onStart }: FormProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const [{ fiatCurrency }] = usePreferences();
  const problemText = useProblemText();
  const [input, setInput] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [reserveWei, setReserveWei] = useState<bigint | null>(null);
  const [maxState, setMaxState] = useState<MaxState>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const check = checkAmount(input, { available: tlos, separators: format.separators, reserveWei });
  const shownProblem = !check.ok && (submitted || input.trim() !== '') ? problemText(check.problem) : null;
  const stakeRatio = wei(overview.stakeRatio);

  const fillMax = async () => {
    setMaxState({ kind: 'working' });
    try {
      const probe = await prepareTransaction(networkName, { kind: 'stake', from: account, amount: FEE_PROBE_AMOUNT }, fiatCurrency);
      const reserve = feeReserveWei(probe);
      setReserveWei(reserve);
      const max = maxStake(tlos, reserve);
      if (max.raw === 0n) {
        setMaxState({ kind: 'failed', message: t('staking.fee_not_covered') });
      } else {
        setInput(format.exact(max));
        setMaxState({ kind: 'idle' });
      }
    } catch (error) {
      const notCovered = error instanceof ApiError && (error.code === 'evm.insufficient_funds' || error.code === 'validation.balance_too_low');
      setMaxState({ kind: 'failed', message: notCovered ? t('staking.fee_not_covered') : t('staking.max_failed', { cause: prepareErrorText(error) }) });
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      inputRef.current?.focus();
      return;
    }
    if (stale) return;
    const shares = expectedShares(check.amount, stakeRatio);
    onStart({ action: 'stake', amount: check.amount, shares }, { kind: 'stake', from: account, amount: toPlainString(check.amount) });
  };

  return (
    <form className="staking-form" onSubmit={submit} noValidate>
      <AmountField
        label={t('staking.stake.amount')}
        hint={<TextWithAmounts i18nKey="staking.stake.available" amounts={{ amount: { amount: tlos } }} />}
        value={input}
        error={shownProblem ?? (maxState.kind === 'failed' ? maxState.message : null)}
        working={maxState.kind === 'working'}
        inputRef={inputRef}
        onChange={(value) => {
          setInput(value);
          if (maxState.kind === 'failed') setMaxState({ kind: 'idle' });
        }}
        onMax={() => void fillMax()}
      />
      {check.ok && (
        <div className="staking-preview" aria-live="polite">
          <p className="staking-preview__title">
            <TextWithAmounts i18nKey="staking.stake.expected" amounts={{ amount: { amount: expectedShares(check.amount, stakeRatio) } }} />
          </p>
          <p className="muted text-break">{t('staking.stake.expected_note')}</p>
        </div>
      )}
      <div className="button-row">
        <ReviewButton label={t('staking.stake.review')} busy={busy} stale={stale} />
      </div>
    </form>
  );
}

/** Unstake STLOS: the TLOS it becomes goes into the escrow until the unlock time. */
function UnstakeForm({ account, overview, position, busy, stale, onStart }: FormProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const dateTime = useDateTimeFormatter();
  const problemText = useProblemText();
  const duration = useDurationText();
  const now = useNowSeconds(15_000);
  const [input, setInput] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const staked = { balance: wei(position.balance), balanceValue: wei(position.balanceValue), unstakeRatio: wei(overview.unstakeRatio) };
  const checked = checkAmount(input, { available: staked.balance, separators: format.separators });
  const assets = checked.ok ? unstakeAssets(checked.amount, staked) : null;
  // A share too small to be worth one wei of TLOS unstakes nothing: the server refuses zero.
  const check = checked.ok && assets !== null && assets.raw === 0n ? ({ ok: false, problem: { kind: 'zero' } } as const) : checked;
  const shownProblem = !check.ok && (submitted || input.trim() !== '') ? problemText(check.problem) : null;
  const unlockAt = unlockEstimate(now, position.lockPeriod.seconds);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok || assets === null) {
      inputRef.current?.focus();
      return;
    }
    if (stale) return;
    onStart({ action: 'unstake', shares: check.amount, assets, unlockAt }, { kind: 'unstake', from: account, amount: toPlainString(assets) });
  };

  return (
    <form className="staking-form" onSubmit={submit} noValidate>
      <AmountField
        label={t('staking.unstake.amount')}
        hint={<TextWithAmounts i18nKey="staking.unstake.available" amounts={{ amount: { amount: staked.balance } }} />}
        value={input}
        error={shownProblem}
        working={false}
        inputRef={inputRef}
        onChange={setInput}
        onMax={() => { setInput(format.exact(staked.balance)); }}
      />
      {check.ok && assets !== null && (
        <div className="staking-preview" aria-live="polite">
          <p className="staking-preview__title">
            <TextWithAmounts i18nKey="staking.unstake.expected" amounts={{ amount: { amount: assets } }} />
          </p>
          <p className="muted text-break">
            {t('staking.unstake.unlock', { time: dateTime(unlockAt), period: duration.period(position.lockPeriod) })}
          </p>
        </div>
      )}
      <div className="button-row">
        <ReviewButton label={t('staking.unstake.review')} busy={busy} stale={stale} />
      </div>
    </form>
  );
}

/** The Stake / Unstake choice (kept in the URL, `?action=unstake`) and its form. */
export function StakeForms(props: FormProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // Local state answers the radio at once (a URL update may render later); the URL keeps it for a reload.
  const [tab, setTab] = useState<Tab>(() => TABS.find((candidate) => candidate === searchParams.get('action')) ?? 'stake');
  const id = useId();
  const choose = (next: Tab) => {
    setTab(next);
    setSearchParams((params) => {
      params.set('action', next);
      return params;
    }, { replace: true });
  };

  return (
    <section className="card card--stack staking-area--actions" aria-labelledby={`${id}-title`}>
      <fieldset className="choice-row choice-pills">
        <legend id={`${id}-title`} className="card__title">
          {t('staking.actions')}
        </legend>
        {TABS.map((candidate) => (
          <label key={candidate} className={`choice-pills__option${candidate === tab ? ' choice-pills__option--active' : ''}`}>
            <input type="radio" name={`${id}-action`} value={candidate} checked={candidate === tab} onChange={() => { choose(candidate); }} />
            {candidate === 'stake' ? t('staking.tab_stake') : t('staking.tab_unstake')}
          </label>
        ))}
      </fieldset>
      {tab === 'stake' ? <StakeForm {...props} /> : <UnstakeForm {...props} />}
    </section>
  );
}
