import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A wait with its reason. */
export function StakingLoading({ text }: { text: string }) {
  return (
    <p className="state" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** In place of the forms when nothing can sign: why, and where to connect a wallet. */
export function ConnectNotice({ reason }: { reason: 'viewer' | 'notConnected' }) {
  const { t } = useTranslation();
  const note = { viewer: t('staking.viewer_note'), notConnected: t('staking.not_connected_note') }[reason];
  return (
    <section className="card card--stack staking-connect staking-area--actions" aria-labelledby="staking-connect-title">
      <h2 id="staking-connect-title" className="card__title">
        {t('staking.connect_title')}
      </h2>
      <p>{note}</p>
      <Link to="/" className="button button--primary">
        {t('staking.go_home')}
      </Link>
    </section>
  );
}
