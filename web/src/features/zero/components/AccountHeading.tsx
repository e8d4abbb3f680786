import { useTranslation } from 'react-i18next';
import type { NativeSession } from '../model/nativeSession';

/** Page title with the account, its network and what the session can do. */
export function AccountHeading({ title, session, networkName }: { title: string; session: NativeSession; networkName: string }) {
  const { t } = useTranslation();
  const mode =
    session.authenticator === 'viewer'
      ? t('zero.mode.viewer')
      : session.authenticator === 'cleos'
        ? t('zero.mode.cleos')
        : session.signer === null
          ? t('zero.mode.signer_missing')
          : t('zero.mode.wallet', { wallet: t(`zero.signin.wallet.${session.authenticator}`) });
  return (
    <header className="page__header zero-heading">
      <p className="eyebrow">{networkName}</p>
      <h1 id="page-title" className="page__title">{title}</h1>
      <p className="page__account">
        <span className="zero-mono" data-testid="zero-account">{`${session.account}@${session.permission}`}</span>
        <span className="badge">{mode}</span>
      </p>
    </header>
  );
}
