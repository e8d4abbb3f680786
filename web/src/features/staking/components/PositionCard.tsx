import { useTranslation } from 'react-i18next';
import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import { ExactAmount } from '../../../lib/ui/AmountText';
import { QueryError } from '../../../lib/ui/QueryError';
import type { AccountStaking } from '../api/accountStaking';
import { wei } from '../model/staking';
import { LoadingState } from '../../../lib/ui/LoadingState';

interface Read<T> {
  readonly data: T | undefined;
  readonly error: Error | null;
  readonly isPending: boolean;
  readonly refetch: () => unknown;
}

interface PositionCardProps {
  readonly position: Read<AccountStaking>;
  readonly tlos: FixedAmount | null;
  readonly balances: Read<unknown>;
  /** A confirmed transaction is not in the balances yet. */
  readonly updating: boolean;
}

/** The account's side: STLOS held and its worth, TLOS to stake, what is locked and what can be withdrawn. */
export function PositionCard({ position, tlos, balances, updating }: PositionCardProps) {
  const { t } = useTranslation();
  const data = position.data;

  return (
    <section className="card card--stack staking-area--position" aria-labelledby="staking-position-title">
      <h2 id="staking-position-title" className="card__title">
        {t('staking.position.title')}
      </h2>
      {position.isPending && <LoadingState text={t('staking.position.loading')} />}
      {position.error && !data && (
        <QueryError failed={t('staking.position.failed')} error={position.error} onRetry={() => void position.refetch()} />
      )}
      {data && (
        <dl className="staking-facts">
          <div className="staking-facts__row">
            <dt>{t('staking.position.staked')}</dt>
            <dd>
              <ExactAmount amount={wei(data.balance)} /> STLOS
            </dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.position.value')}</dt>
            <dd>
              <ExactAmount amount={wei(data.balanceValue)} /> TLOS
            </dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.position.tlos')}</dt>
            <dd>{tlos === null ? '…' : <><ExactAmount amount={tlos} /> TLOS</>}</dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.position.locked')}</dt>
            <dd>
              <ExactAmount amount={wei(data.locked)} /> TLOS
            </dd>
          </div>
          <div className="staking-facts__row">
            <dt>{t('staking.position.withdrawable')}</dt>
            <dd>
              <ExactAmount amount={wei(data.withdrawable)} /> TLOS
            </dd>
          </div>
        </dl>
      )}
      {updating && <LoadingState text={t('staking.position.updating')} />}
      {position.error && data && (
        <QueryError failed={t('staking.position.failed')} error={position.error} onRetry={() => void position.refetch()} />
      )}
      {balances.error && (
        <QueryError failed={t('staking.position.balances_failed')} error={balances.error} onRetry={() => void balances.refetch()} />
      )}
    </section>
  );
}
