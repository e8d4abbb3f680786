import { useTranslation } from 'react-i18next';

/** Said while balances from before the last confirmed transaction are being read again. */
export function BalancesUpdating() {
  const { t } = useTranslation();
  return (
    <p className="state muted text-break" role="status">
      <span className="spinner" aria-hidden="true" />
      {t('fresh.updating')}
    </p>
  );
}

/** Beside a Review button held until the balances are fresh: why it waits (its `id` describes the button). */
export function ReviewWaitsNote({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="muted text-break">
      {t('fresh.review_waits')}
    </p>
  );
}
