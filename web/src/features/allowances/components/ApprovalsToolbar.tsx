import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_TYPES, SEARCH_DEBOUNCE_MS, SORT_DIRECTIONS, SORT_KEYS, type ListQuery } from '../model/listQuery';

interface ApprovalsToolbarProps {
  readonly query: ListQuery;
  readonly onChange: (change: Partial<ListQuery>, options?: { replace?: boolean }) => void;
}

/** Type filter, search, the six sort orders with their direction, and "show revoked" (all answered by the server). */
export function ApprovalsToolbar({ query, onChange }: ApprovalsToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const dirId = useId();
  const [search, setSearch] = useState(query.search);
  const [shown, setShown] = useState(query.search);

  // The box follows the URL when it changes elsewhere (back button, a link)…
  if (shown !== query.search) {
    setShown(query.search);
    if (search.trim() !== query.search) setSearch(query.search);
  }
  // …and the URL follows the box after a pause in typing.
  useEffect(() => {
    if (search.trim() === query.search) return;
    const timer = window.setTimeout(() => { onChange({ search }, { replace: true }); }, SEARCH_DEBOUNCE_MS);
    return () => { window.clearTimeout(timer); };
  }, [search, query.search, onChange]);

  return (
    <div className="allowances-toolbar">
      <div className="allowances-types" role="group" aria-label={t('allowances.filters.types')}>
        {[null, ...APPROVAL_TYPES].map((type) => (
          <button
            key={type ?? 'all'}
            type="button"
            className={`allowances-types__button${query.type === type ? ' active' : ''}`}
            aria-pressed={query.type === type}
            onClick={() => { onChange({ type }); }}
          >
            {type === null ? t('allowances.filters.type_all') : t(`allowances.filters.type_${type}`)}
          </button>
        ))}
      </div>
      <div className="allowances-toolbar__fields">
        <div className="allowances-field allowances-field--search">
          <label htmlFor={searchId}>{t('allowances.filters.search')}</label>
          <input className="input"
            id={searchId}
            type="search"
            value={search}
            placeholder={t('allowances.filters.search_placeholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => { setSearch(event.target.value); }}
          />
        </div>
        <div className="allowances-field">
          <label htmlFor={sortId}>{t('allowances.filters.sort')}</label>
          <select className="input" id={sortId} value={query.sort} onChange={(event) => { onChange({ sort: SORT_KEYS.find((key) => key === event.target.value) ?? query.sort }); }}>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`allowances.filters.sort_${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="allowances-field">
          <label htmlFor={dirId}>{t('allowances.filters.direction')}</label>
          <select className="input" id={dirId} value={query.dir} onChange={(event) => { onChange({ dir: SORT_DIRECTIONS.find((dir) => dir === event.target.value) ?? query.dir }); }}>
            {SORT_DIRECTIONS.map((dir) => (
              <option key={dir} value={dir}>
                {t(`allowances.filters.dir_${dir}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="allowances-check">
          <input type="checkbox" checked={query.includeRevoked} onChange={(event) => { onChange({ includeRevoked: event.target.checked }); }} />
          {t('allowances.filters.show_revoked')}
        </label>
      </div>
    </div>
  );
}
