import { useTranslation } from 'react-i18next';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/client';

/** What to tell the user to do after a failed read, by the server's error code. */
function nextStep(error: unknown): 'collectibles.state.next_network' | 'collectibles.state.next_server' | 'collectibles.state.next_retry' {
  if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network) return 'collectibles.state.next_server';
  if (error instanceof ApiError && error.status >= 500) return 'collectibles.state.next_network';
  return 'collectibles.state.next_retry';
}

/** A failed read: what failed, why, what to do, and a retry. */
export function CollectiblesQueryError({ failed, error, onRetry }: { failed: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="nft-state nft-state--error" role="alert">
      <p>
        <strong>{failed}</strong> {error.message}
      </p>
      <p>{t(nextStep(error))}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('collectibles.state.retry')}
      </button>
    </div>
  );
}
