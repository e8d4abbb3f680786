import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadNativeExport } from '../../../lib/api/native/historyExport';
import { usePartyNamer } from '../../../lib/address-book/usePartyNames';
import { ExportHistoryButton } from '../../../lib/export/ExportHistoryButton';
import { isoDateTime } from '../../../lib/preferences/dateTime';
import { useDateTimeFormatter } from '../../../lib/preferences/usePreferences';
import { HISTORY_PAGE_SIZE, useNativeHistory } from '../api/history';
import { hasFilters, type HistoryFilters } from '../model/historyFilters';
import { HistoryFilterForm } from './HistoryFilterForm';
import { chainTime } from '../model/explorer';
import { NativeActionText, TransactionIdCell } from './NativeActionText';
import { QueryState } from './QueryState';

/** The account's actions, newest first, ten per page, with spec §7's get_actions filters. */
export function HistoryCard({ network, account, explorerUrl }: { network: string; account: string; explorerUrl: string | null }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormatter();
  const [page, setPage] = useState(0);
  const [filtering, setFiltering] = useState(false);
  const [filters, setFilters] = useState<HistoryFilters>({});
  const query = useNativeHistory(network, account, page, filters);
  const nameParty = usePartyNamer(network, 'native');
  const filtered = hasFilters(filters);
  return (
    <section className="card zero-card zero-card--wide" aria-labelledby="zero-history-title" aria-busy={query.isFetching}>
      <header className="zero-card__header">
        <h2 id="zero-history-title" className="zero-card__title">{t('zero.history.title')}</h2>
        <div className="zero-card__actions">
          <button type="button" className="button button--ghost button--small" aria-expanded={filtering} onClick={() => { setFiltering(!filtering); }}>
            {filtering ? t('zero.history.filter_hide') : t('zero.history.filter')}
          </button>
          <ExportHistoryButton note={t('historyExport.native_fiat_note')} nameParty={nameParty}
            start={(range, onProgress, signal) => downloadNativeExport({ network, account, range }, onProgress, signal)} />
        </div>
      </header>
      {filtering && (
        <HistoryFilterForm
          onApply={(next) => { setFilters(next); setPage(0); }}
          onClear={() => { setFilters({}); setPage(0); }}
        />
      )}
      <QueryState query={query} loading={t('zero.history.loading')} failed={t('zero.history.failed')}>
        {(data) => (
          <>
            {/* The count is said only with the rows it counts: while the filtered page loads, the
                rows on screen are the previous one's (kept so the list does not jump). */}
            {filtered && (
              <p className="zero-muted" role="status" data-testid="history-filtered">
                {query.isPlaceholderData
                  ? t('zero.history.filtering')
                  : data.total === 0
                    ? t('zero.history.filtered_none')
                    : t('zero.history.filtered', { count: data.total })}
              </p>
            )}
            {data.actions.length === 0 ? (
              !filtered && <p className="zero-muted">{t('zero.history.empty')}</p>
            ) : (
              <ol className="zero-history">
                {data.actions.map((action, index) => (
                  <li key={`${action.trxId}:${index}`} className="zero-history__item">
                    <span className="zero-history__action">{`${action.contract}::${action.action}`}</span>
                    <NativeActionText action={action} />
                    <time className="zero-muted" dateTime={isoDateTime(chainTime(action.timestamp))}>{dateTime(chainTime(action.timestamp))}</time>
                    <TransactionIdCell id={action.trxId} explorerUrl={explorerUrl} />
                  </li>
                ))}
              </ol>
            )}
            <div className="button-row zero-pager">
              <button type="button" className="button button--secondary button--small" disabled={page === 0} onClick={() => { setPage(page - 1); }}>
                {t('zero.history.newer')}
              </button>
              <span className="zero-muted">{t('zero.history.page', { page: page + 1 })}</span>
              <button type="button" className="button button--secondary button--small"
                disabled={(page + 1) * HISTORY_PAGE_SIZE >= data.total} onClick={() => { setPage(page + 1); }}>
                {t('zero.history.older')}
              </button>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
