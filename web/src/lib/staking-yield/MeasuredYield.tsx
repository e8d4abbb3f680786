import { useTranslation } from 'react-i18next';
import { useDateTimeFormatter } from '../preferences/usePreferences';
import { LoadingState } from '../ui/LoadingState';
import { QueryError } from '../ui/QueryError';
import { publishedFigure, reasonKey, yieldLines, type StakingYieldView } from './model';
import './measured-yield.css';

interface MeasuredYieldProps {
  /** The yield route's query (a feature's hook). */
  readonly query: {
    readonly data: StakingYieldView | undefined;
    readonly error: Error | null;
    readonly isPending: boolean;
    readonly refetch: () => unknown;
  };
  /** What the share is, for the explanation ("STLOS's share price", "the REX pool's value per REX"). */
  readonly measuredFrom: string;
  readonly testId: string;
}

/**
 * The yield staking actually returned (ADR 0039): per window its yearly rate and the
 * window's return with its dates, or in words why there is no figure; the network's
 * published APY only where it agrees with the measurement.
 */
export function MeasuredYield({ query, measuredFrom, testId }: MeasuredYieldProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const { data, error } = query;
  const published = data ? publishedFigure(data) : null;
  return (
    <div className="measured-yield" data-testid={testId}>
      {query.isPending && <LoadingState text={t('yield.loading')} />}
      {error && !data && <QueryError failed={t('yield.failed')} error={error} onRetry={() => void query.refetch()} />}
      {data && (
        <>
          <dl className="measured-yield__facts">
            {yieldLines(data).map((line) => (
              <div className="measured-yield__row" key={line.days} data-testid={`${testId}-${line.days}`}>
                <dt>{t('yield.window', { count: line.days })}</dt>
                {line.kind === 'measured' ? (
                  <dd>
                    <strong>{t('yield.annual', { percent: line.annualPercent })}</strong>{' '}
                    <span className="measured-yield__window">
                      {t('yield.window_return', {
                        percent: line.returnPercent,
                        from: dateTime(line.from),
                        to: dateTime(line.to),
                      })}
                    </span>
                  </dd>
                ) : (
                  <dd role="status">{t(reasonKey(line.reason), { count: line.days })}</dd>
                )}
              </div>
            ))}
            {published && (
              <div className="measured-yield__row">
                <dt>{t('yield.published')}</dt>
                <dd>{t('yield.published_value', { percent: published.percent, tolerance: published.tolerance })}</dd>
              </div>
            )}
          </dl>
          <p className="measured-yield__note text-break">{t('yield.explained', { measuredFrom })}</p>
        </>
      )}
    </div>
  );
}
