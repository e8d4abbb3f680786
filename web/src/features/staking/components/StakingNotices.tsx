import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api/client';

/** What to tell the user to do after a failed read, by the server's error code. */
function nextStep(error: unknown): 'evm.state.next_network' | 'evm.state.next_server' | 'evm.state.next_retry' {
  if (error instanceof ApiError && error.code === 'client.network_unreachable') return 'evm.state.next_server';
  if (error instanceof ApiError && error.status >= 500) return 'evm.state.next_network';
  return 'evm.state.next_retry';
}

/** A failed read: what failed, why, what to do next, and a retry. */
export function StakingQueryError({ failed, error, onRetry }: { failed: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="staking-state staking-state--error" role="alert">
      <p>
        <strong>{failed}</strong> {error.message}
      </p>
      <p>{t(nextStep(error))}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('staking.retry')}
      </button>
    </div>
  );
}

/** A wait with its reason. */
export function StakingLoading({ text }: { text: string }) {
  return (
    <p className="staking-state" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** In place of the forms when nothing can sign: why, and where to connect a wallet. */
export function ConnectNotice({ reason }: { reason: 'viewer' | 'notConnected' | 'native' }) {
  const { t } = useTranslation();
  const note = { viewer: t('staking.viewer_note'), notConnected: t('staking.not_connected_note'), native: t('staking.native_note') }[reason];
  return (
    <section className="card staking-card staking-connect staking-area--actions" aria-labelledby="staking-connect-title">
      <h2 id="staking-connect-title" className="staking-card__title">
        {t('staking.connect_title')}
      </h2>
      <p>{note}</p>
      <Link to="/" className="button button--primary">
        {t('staking.go_home')}
      </Link>
    </section>
  );
}
