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

/** Spec §8: wrapping is an EVM feature; a native session gets this message and a way out. */
export function NativeChainNotice() {
  const { t } = useTranslation();
  return (
    <div className="card card--stack" role="alert">
      <p className="card__title">{t('wrap.error_not_supported_native')}</p>
      <p>{t('wrap.native_next')}</p>
      <Link to="/" className="button button--secondary">
        {t('wrap.go_home')}
      </Link>
    </div>
  );
}
