import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../lib/i18n/i18n';
import { currencyChoices, localeChoices, preferencesPreview } from '../../lib/preferences/options';
import { usePreferences } from '../../lib/preferences/usePreferences';
import './preferences.css';

/**
 * The currency preference of spec §3 (fiat currency and locale): a choice takes
 * effect at once on every amount on screen and is stored in this browser. Loaded
 * only when opened, so the header costs the first page nothing.
 */
export function PreferencesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [preferences, update] = usePreferences();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const currencyId = useId();
  const currencyHintId = useId();
  const localeId = useId();
  const localeHintId = useId();
  const currencies = useMemo(() => currencyChoices(preferences.fiatCurrency), [preferences.fiatCurrency]);
  const locales = useMemo(() => localeChoices(preferences.fiatLocale), [preferences.fiatLocale]);
  const preview = preferencesPreview(preferences);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Closing the modal first lifts the page's inertness, so the opener can take the focus back.
  const close = () => {
    dialogRef.current?.close();
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog preferences-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('preferences.title')}
      </h2>
      <p className="dialog__lead">{t('preferences.lead')}</p>
      <div className="preferences-dialog__field">
        <label htmlFor={currencyId}>{t('preferences.currency')}</label>
        <select className="input"
          id={currencyId}
          value={preferences.fiatCurrency}
          aria-describedby={currencyHintId}
          onChange={(event) => { update({ fiatCurrency: event.target.value }); }}
        >
          {currencies.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <p id={currencyHintId} className="preferences-dialog__hint">
          {t('preferences.currency_hint')}
        </p>
      </div>
      <div className="preferences-dialog__field">
        <label htmlFor={localeId}>{t('preferences.locale')}</label>
        <select className="input"
          id={localeId}
          value={preferences.fiatLocale}
          aria-describedby={localeHintId}
          onChange={(event) => { update({ fiatLocale: event.target.value }); }}
        >
          {locales.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <p id={localeHintId} className="preferences-dialog__hint">
          {t('preferences.locale_hint')}
        </p>
      </div>
      <p className="preferences-dialog__preview" role="status">
        <span className="preferences-dialog__hint">{t('preferences.preview')}: </span>
        <output>{t('preferences.preview_value', preview)}</output>
      </p>
      <div className="button-row preferences-dialog__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('preferences.close')}
        </button>
      </div>
    </dialog>
  );
}
