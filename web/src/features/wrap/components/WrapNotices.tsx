import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** In place of the form when nothing can sign: why, and where to connect a wallet. */
export function ConnectNotice({ isViewer }: { isViewer: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card card--stack wrap-connect" aria-labelledby="wrap-connect-title">
      <h2 id="wrap-connect-title" className="card__title">
        {t('wrap.connect_title')}
      </h2>
      <p>{isViewer ? t('wrap.viewer_note') : t('wrap.not_connected_note')}</p>
      <Link to="/" className="button button--primary">
        {t('wrap.go_home')}
      </Link>
    </section>
  );
}
