import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';

/** What to tell the user to do after a failed read, by the server's error code. */
function nextStep(error: unknown): 'evm.state.next_network' | 'evm.state.next_server' | 'evm.state.next_retry' {
  if (error instanceof ApiError && error.code === 'client.network_unreachable') return 'evm.state.next_server';
  if (error instanceof ApiError && error.status >= 500) return 'evm.state.next_network';
  return 'evm.state.next_retry';
}

/** A failed read: what failed, why, what to do, and a retry. */
export function EvmQueryError({ failed, error, onRetry }: { failed: string; error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="evm-state evm-state--error" role="alert">
      <p>
        <strong>{failed}</strong> {error.message}
      </p>
      <p>{t(nextStep(error))}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('evm.state.retry')}
      </button>
    </div>
  );
}
