import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useAmountFormatter, useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import type { AccountStaking } from '../api/accountStaking';
import { depositStatus, nextUnlockIn, secondsUntil } from '../model/countdown';
import { wei } from '../model/staking';
import { useDurationText } from './Duration';
import { ExactAmount } from '../../../lib/ui/AmountText';
import { useNowSeconds } from './useNowSeconds';

interface EscrowCardProps {
  readonly position: AccountStaking;
  /** Null when nothing can sign (viewer): the list shows, the Withdraw button does not. */
  readonly onWithdraw: (() => void) | null;
  /** A transaction is under way. */
  readonly busy: boolean;
  /** Asks the chain again (a countdown reached zero). */
  readonly onUnlockReached: () => void;
}

/** The escrow deposits with live countdowns, and Withdraw for what has unlocked (spec §4). */
export function EscrowCard({ position, onWithdraw, busy, onUnlockReached }: EscrowCardProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const format = useAmountFormatter();
  const duration = useDurationText();
  const now = useNowSeconds();
  const withdrawable = wei(position.withdrawable);
  const statuses = position.deposits.map((deposit) => depositStatus(deposit, now));
  const unlocking = statuses.filter((status) => status === 'unlocking').length;
  const next = nextUnlockIn(position.deposits, now);

  // When a countdown reaches zero, ask the chain whether the deposit is withdrawable now.
  const seenUnlocking = useRef(unlocking);
  useEffect(() => {
    if (unlocking > seenUnlocking.current) onUnlockReached();
    seenUnlocking.current = unlocking;
  }, [unlocking, onUnlockReached]);

  return (
    <section className="card card--stack staking-area--escrow" aria-labelledby="staking-escrow-title">
      <h2 id="staking-escrow-title" className="card__title">
        {t('staking.escrow.title')}
      </h2>
      <p className="muted text-break">{t('staking.escrow.lead', { period: duration.period(position.lockPeriod) })}</p>

      {position.deposits.length === 0 ? (
        <p>{t('staking.escrow.empty')}</p>
      ) : (
        <table className="staking-table">
          <thead>
            <tr>
              <th scope="col">{t('staking.escrow.amount')}</th>
              <th scope="col">{t('staking.escrow.unlocks')}</th>
              <th scope="col">{t('staking.escrow.status')}</th>
            </tr>
          </thead>
          <tbody>
            {position.deposits.map((deposit, index) => {
              const status = statuses[index];
              return (
                // The escrow keeps deposits in order and has no ids; index and unlock time identify a row.
                <tr key={`${index.toString()}-${deposit.until.toString()}`} className={`staking-deposit staking-deposit--${status ?? 'locked'}`}>
                  <td data-label={t('staking.escrow.amount')} className="staking-num">
                    <span>
                      <ExactAmount amount={wei(deposit.amount)} /> TLOS
                    </span>
                  </td>
                  <td data-label={t('staking.escrow.unlocks')}>
                    <time dateTime={isoDateTime(deposit.until)}>{dateTime(deposit.until)}</time>
                  </td>
                  <td data-label={t('staking.escrow.status')}>
                    {status === 'unlocked' && <span className="staking-badge staking-badge--ready">{t('staking.escrow.unlocked')}</span>}
                    {status === 'unlocking' && <span>{t('staking.escrow.unlocking')}</span>}
                    {status === 'locked' && (
                      <span className="staking-countdown">{t('staking.escrow.unlocks_in', { countdown: duration.countdown(secondsUntil(deposit.until, now)) })}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {onWithdraw !== null && withdrawable.raw > 0n && (
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={busy} onClick={onWithdraw}>
            {t('staking.escrow.withdraw', { amount: format.exact(withdrawable) })}
          </button>
        </div>
      )}
      {withdrawable.raw === 0n && position.deposits.length > 0 && (
        <p className="muted text-break">
          {t('staking.escrow.nothing')}
          {next !== null && ` ${t('staking.escrow.next_unlock', { countdown: duration.countdown(next) })}`}
        </p>
      )}
    </section>
  );
}
