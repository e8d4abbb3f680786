import type { ParseKeys } from 'i18next';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkHistoryFilters, NO_FILTERS, type FilterField, type HistoryFilterInput, type HistoryFilters } from '../model/historyFilters';

const FIELDS: readonly { field: FilterField; label: ParseKeys; type: 'text' | 'datetime-local'; inputMode?: 'numeric' }[] = [
  { field: 'actName', label: 'zero.history.filter_action', type: 'text' },
  { field: 'notified', label: 'zero.history.filter_notified', type: 'text' },
  { field: 'after', label: 'zero.history.filter_after', type: 'datetime-local' },
  { field: 'before', label: 'zero.history.filter_before', type: 'datetime-local' },
  { field: 'block', label: 'zero.history.filter_block', type: 'text', inputMode: 'numeric' },
];

/** Spec §7's `get_actions` filters for the history: each bad field says why, nothing is asked until all are good. */
export function HistoryFilterForm({ onApply, onClear }: { onApply: (filters: HistoryFilters) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState<HistoryFilterInput>(NO_FILTERS);
  const [errors, setErrors] = useState<Partial<Record<FilterField, string>>>({});
  const baseId = useId();
  const apply = (event: SyntheticEvent) => {
    event.preventDefault();
    const result = checkHistoryFilters(input);
    if (!result.ok) {
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [field, t(key)])));
      return;
    }
    setErrors({});
    onApply(result.filters);
  };
  return (
    <form className="zero-filters" onSubmit={apply} noValidate aria-label={t('zero.history.filters')}>
      {FIELDS.map(({ field, label, type, inputMode }) => {
        const id = `${baseId}-${field}`;
        const error = errors[field];
        return (
          <div key={field} className="zero-field">
            <label htmlFor={id}>{t(label)}</label>
            <input className="input" id={id} type={type} inputMode={inputMode} value={input[field]} autoComplete="off" spellCheck={false}
              aria-invalid={error !== undefined} aria-describedby={error === undefined ? undefined : `${id}-error`}
              onChange={(event) => { setInput({ ...input, [field]: event.target.value }); }} />
            {error !== undefined && <p id={`${id}-error`} className="zero-field__error" role="alert">{error}</p>}
          </div>
        );
      })}
      <div className="button-row zero-filters__actions">
        <button type="submit" className="button button--primary button--small">{t('zero.history.filter_apply')}</button>
        <button type="button" className="button button--secondary button--small" onClick={() => { setInput(NO_FILTERS); setErrors({}); onClear(); }}>
          {t('zero.history.filter_clear')}
        </button>
      </div>
    </form>
  );
}
