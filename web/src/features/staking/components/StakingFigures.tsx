import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { QueryError } from '../../../lib/ui/QueryError';
import type { StakingOverview } from '../api/overview';
import { useDurationText } from './Duration';
import { LoadingState } from '../../../lib/ui/LoadingState';
import { MeasuredYield } from '../../../lib/staking-yield/MeasuredYield';
import type { StakingYieldView } from '../../../lib/staking-yield/model';

interface StakingFiguresProps {
  readonly networkName: string;
  readonly overview: {
    readonly data: StakingOverview | undefined;
    readonly error: Error | null;
    readonly isPending: boolean;
    readonly refetch: () => unknown;
  };
  /** The yield measured from STLOS's share price (ADR 0039): shown instead of a quoted APY. */
  readonly stakingYield: {
    readonly data: StakingYieldView | undefined;
    readonly error: Error | null;
    readonly isPending: boolean;
    readonly refetch: () => unknown;
  };
}

/** Vault-wide figures everyone may see: the measured yield, the STLOS↔TLOS prices, total staked, and the lock period wording of spec §4. */
export function StakingFigures({ networkName, overview, stakingYield }: StakingFiguresProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const duration = useDurationText();
  const { data, error } = overview;
  const notConfigured = error instanceof ApiError && error.code === 'evm.staking_not_configured';

  return (
    <section className="card card--stack staking-area--figures" aria-labelledby="staking-figures-title">
      <h2 id="staking-figures-title" className="card__title">
        {t('staking.figures.title', { network: networkName })}
      </h2>
      {overview.isPending && <LoadingState text={t('staking.figures.loading')} />}
      {notConfigured && <p role="alert">{t('staking.figures.not_configured')}</p>}
      {error && !notConfigured && !data && (
        <QueryError failed={t('staking.figures.failed')} error={error} onRetry={() => void overview.refetch()} />
      )}
      {data && (
        <>
          <MeasuredYield
            query={stakingYield}
            measuredFrom={t('staking.figures.measured_from', { staked: data.stakedToken, system: data.systemToken })}
            testId="staking-yield"
          />
          <dl className="staking-facts">
            <div className="staking-facts__row">
              <dt>{t('staking.figures.stlos_price', { staked: data.stakedToken })}</dt>
              <dd>
                <data value={data.unstakeRatio}>{format.token(data.unstakeRatio)}</data> {data.systemToken}
              </dd>
            </div>
            <div className="staking-facts__row">
              <dt>{t('staking.figures.tlos_price', { system: data.systemToken })}</dt>
              <dd>
                <data value={data.stakeRatio}>{format.token(data.stakeRatio)}</data> {data.stakedToken}
              </dd>
            </div>
            <div className="staking-facts__row">
              <dt>{t('staking.figures.total_staked')}</dt>
              <dd>
                <data value={data.totalStaking}>{format.token(data.totalStaking)}</data> {data.systemToken}
              </dd>
            </div>
            <div className="staking-facts__row">
              <dt>{t('staking.figures.lock_period')}</dt>
              <dd>{duration.period(data.lockPeriod)}</dd>
            </div>
          </dl>
          <p className="muted text-break">{t('staking.figures.compounding')}</p>
          <p className="muted text-break">{t('staking.figures.lock_note', { period: duration.period(data.lockPeriod) })}</p>
          {error && <QueryError failed={t('staking.figures.failed')} error={error} onRetry={() => void overview.refetch()} />}
        </>
      )}
    </section>
  );
}
