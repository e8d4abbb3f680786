import { useTranslation } from 'react-i18next';
import { ApiError, CLIENT_ERROR_CODES } from '../api/client';

/** What to tell the user to do after a failed read, by the server's error code. */
export function nextStepAfter(error: unknown): 'state.next_network' | 'state.next_server' | 'state.next_retry' {
  if (error instanceof ApiError && error.code === CLIENT_ERROR_CODES.network) return 'state.next_server';
  if (error instanceof ApiError && error.status >= 500) return 'state.next_network';
  return 'state.next_retry';
}

interface QueryErrorProps {
  /** What could not be loaded, e.g. "Balances could not be loaded." */
  readonly failed: string;
  readonly error: Error;
  readonly onRetry: () => void;
}

/** A failed read on any EVM screen: what failed, why, what to do next, and a retry. */
export function QueryError({ failed, error, onRetry }: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <p>
        <strong>{failed}</strong> {error.message}
      </p>
      <p>{t(nextStepAfter(error))}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('state.retry')}
      </button>
    </div>
  );
}
