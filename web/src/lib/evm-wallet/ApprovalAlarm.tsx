import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPlainString, toPlainString } from '../amount/fixedAmount';
import { exactDisplay, formatAmount } from '../amount/format';
import { registerToolTexts } from '../i18n/tools';
import { useAmountFormatter, useDateTimeFormatter } from '../preferences/usePreferences';
import { parseAmount } from '../validation/amount';
import { useApprovalCheck } from './api/approvalCheck';
import { ageOf, alarmTitle, isAlarming, type ApprovalAlarm as Alarm } from './approvalAlarm';
import { prepareErrorText } from './useTransactionFlow';

registerToolTexts();

interface ApprovalAlarmProps {
  readonly network: string;
  readonly from: string;
  readonly to: string;
  readonly data: string;
  /** Prepares an ERC-20 approval of `amount` (plain decimal) instead. */
  readonly onApproveLimited: (alarm: Alarm, amount: string) => void;
}

function Spender({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const { spender } = alarm;
  const kind = spender.isContract === true ? t('alarm.kind_contract') : spender.isContract === false ? t('alarm.kind_account') : t('alarm.kind_unknown');
  const firstSeen = spender.firstSeenMs ?? null;
  const [now] = useState(() => Date.now());
  const age = firstSeen === null ? null : ageOf(firstSeen, now);
  const others = spender.otherApprovers ?? null;
  return (
    <dd>
      <code className="address">{spender.address}</code>
      <ul className="alarm__facts">
        <li>
          {spender.name ? `${spender.name} · ` : ''}
          {kind}
          {spender.isContract === true && ` · ${spender.verified ? t('alarm.verified') : t('alarm.unverified')}`}
        </li>
        <li>
          {firstSeen === null || age === null
            ? t('alarm.never_seen')
            : t('alarm.first_seen', { date: dateTime(Math.floor(firstSeen / 1000)), age: t(`alarm.age_${age.unit}` as 'alarm.age_day', { count: age.count }) })}
        </li>
        <li>
          {others === null
            ? t('alarm.approvers_unknown')
            : spender.otherApproversAtLeast
              ? t('alarm.approvers_at_least', { count: others })
              : others === 0
                ? t('alarm.approvers_zero')
                : t('alarm.approvers', { count: others })}
        </li>
      </ul>
    </dd>
  );
}

function LimitedForm({ alarm, onApproveLimited }: { alarm: Alarm; onApproveLimited: ApprovalAlarmProps['onApproveLimited'] }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const inputId = useId();
  const suggested = alarm.limitedAlternative ?? '';
  const start = fromPlainString(suggested, alarm.decimals);
  const [input, setInput] = useState(start === null ? '' : formatAmount(start, exactDisplay(alarm.decimals), { decimal: format.separators.decimal, group: null }));
  const [error, setError] = useState(false);
  const symbol = alarm.symbol ?? '';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parseAmount(input, alarm.decimals, format.separators);
    if (!parsed.ok || parsed.value.raw === 0n) {
      setError(true);
      return;
    }
    onApproveLimited(alarm, toPlainString(parsed.value));
  };
  return (
    <form className="alarm__limited" onSubmit={submit} noValidate>
      <h4 className="alarm__subtitle">{t('alarm.limited')}</h4>
      <p className="muted">{t('alarm.limited_lead')}</p>
      <label htmlFor={inputId}>{t('alarm.limited_amount', { symbol })}</label>
      <div className="alarm__limited-row">
        <input id={inputId} className="input" inputMode="decimal" autoComplete="off" value={input} aria-invalid={error}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => { setInput(event.target.value); setError(false); }} />
        <button type="submit" className="button button--primary button--small">{t('alarm.limited_use')}</button>
      </div>
      {error && <p id={`${inputId}-error`} role="alert" className="alarm__error">{t('alarm.limited_invalid', { count: alarm.decimals })}</p>}
    </form>
  );
}

/**
 * The alarm of the review, before the wallet opens: what a transaction's approval
 * grants (unlimited, above the balance, a whole collection), who the spender is, and
 * a limited amount instead where the standard allows one.
 */
export function ApprovalAlarm({ network, from, to, data, onApproveLimited }: ApprovalAlarmProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const titleId = useId();
  const check = useApprovalCheck({ network, from, to, data });
  if (check.isPending) {
    return <p role="status" className="tx-dialog__status"><span className="spinner" aria-hidden="true" /> {t('alarm.checking')}</p>;
  }
  if (check.isError) return <p role="alert" className="alarm alarm--danger">{t('alarm.check_failed', { cause: prepareErrorText(check.error) })}</p>;
  const alarm = check.data.approval ?? null;
  if (alarm === null) return null;
  const symbol = alarm.symbol ?? '';
  const collection = alarm.name ?? alarm.contract;
  const amount = (text: string) => format.exact(text);
  const what =
    alarm.kind === 'operator'
      ? t('alarm.what_operator', { collection })
      : alarm.kind === 'singleToken'
        ? t('alarm.what_token', { id: alarm.tokenId ?? '', collection })
        : alarm.unlimited
          ? t('alarm.what_unlimited', { symbol })
          : alarm.kind === 'allowanceIncrease'
            ? t('alarm.what_increase', { amount: amount(alarm.amount ?? '0'), symbol, resulting: alarm.resulting ? amount(alarm.resulting) : '?' })
            : t('alarm.what_allowance', { amount: amount(alarm.amount ?? '0'), symbol });
  const alarming = isAlarming(alarm);
  return (
    <section className={`alarm${alarming ? ' alarm--danger' : ''}`} aria-labelledby={titleId} role={alarming ? 'alert' : undefined} data-testid="approval-alarm">
      <h3 id={titleId} className="alarm__title">{t(alarmTitle(alarm))}</h3>
      {alarm.risks.map((risk) => (
        <p key={risk} className="alarm__risk">
          {risk === 'unlimited' ? t('alarm.risk_unlimited', { symbol }) : risk === 'aboveBalance' ? t('alarm.risk_above') : t('alarm.risk_operator')}
        </p>
      ))}
      <dl className="tx-dialog__facts">
        <div>
          <dt>{t('alarm.what')}</dt>
          <dd>{what}</dd>
        </div>
        {alarm.balance != null && (
          <div>
            <dt>{t('alarm.balance')}</dt>
            <dd>{t('alarm.what_allowance', { amount: amount(alarm.balance), symbol })}</dd>
          </div>
        )}
        <div>
          <dt>{t('alarm.to_whom')}</dt>
          <Spender alarm={alarm} />
        </div>
      </dl>
      {alarm.limitedAlternative != null && <LimitedForm alarm={alarm} onApproveLimited={onApproveLimited} />}
      {alarm.kind === 'operator' && <p className="muted">{t('alarm.operator_no_limit')}</p>}
    </section>
  );
}
