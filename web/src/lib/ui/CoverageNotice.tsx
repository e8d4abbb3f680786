import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coverage, IndexLag } from '../api/evm/coverage';
import { coverageNotice, lagNotice } from '../coverage';

/** The list an answer fills, for the lag's words ("History is 3 minutes behind the chain."). */
export type CoverageSubject = 'balances' | 'history' | 'collectibles' | 'approvals';

interface CoverageNoticeProps {
  readonly coverage: Coverage | null | undefined;
  readonly lag: IndexLag | null | undefined;
  readonly subject: CoverageSubject;
}

/** The current time, ticking every second while `ticking` (a retry countdown). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => { setNow(Date.now()); }, 1_000);
    return () => { window.clearInterval(timer); };
  }, [ticking]);
  return now;
}

/**
 * Above a list from the server's own index: while the account's earlier activity is
 * read, a progress bar with the share read (and that the list may miss it meanwhile);
 * when reading failed, what failed and when it is tried again; when it was read as
 * far as the node could answer, what may be missing and before which block; when the
 * index is behind the chain, by how much. Nothing when the list is complete and current.
 */
export function CoverageNotice({ coverage, lag, subject }: CoverageNoticeProps) {
  const { t } = useTranslation();
  const failed = coverage?.fill?.state === 'failed';
  const now = useNow(failed);
  const notice = coverageNotice(coverage, now);
  const behind = lagNotice(lag);
  if (!notice && !behind) return null;
  return (
    <div className="coverage">
      {notice?.kind === 'filling' && (
        <>
          <p className="coverage__label" aria-hidden="true">
            {t('coverage.filling', { percent: notice.percent })}
          </p>
          <div
            className="coverage__bar"
            role="progressbar"
            aria-label={t('coverage.filling_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={notice.percent}
            aria-valuetext={t('coverage.filling', { percent: notice.percent })}
          >
            <span className="coverage__done" style={{ width: `${notice.percent}%` }} />
          </div>
          <p className="muted">{t('coverage.partial')}</p>
        </>
      )}
      {notice?.kind === 'failed' && (
        <div className="coverage__failed" role="alert">
          <p>{t('coverage.failed', { error: notice.error })}</p>
          <p>{notice.retryInSeconds > 0 ? t('coverage.retry_in', { count: notice.retryInSeconds }) : t('coverage.retry_now')}</p>
          <p className="muted">{t('coverage.partial')}</p>
        </div>
      )}
      {notice?.kind === 'missing' && (
        <ul className="coverage__missing" role="status">
          {notice.gaps.map((gap) => (
            <li key={gap.key}>{t(`coverage.missing_${gap.key}`, { block: gap.block })}</li>
          ))}
        </ul>
      )}
      {behind && (
        <p className="coverage__lag" role="status">
          {t(`coverage.lag_${subject}`, { behind: t(`duration.${behind.unit}`, { count: behind.count }) })}
        </p>
      )}
    </div>
  );
}
