import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';

/** What to tell the user to do after a failed read, by the server's error code. */
function nextStep(error: unknown): 'zero.state.next_network' | 'zero.state.next_server' | 'zero.state.next_retry' | 'zero.state.next_input' {
  if (error instanceof ApiError && error.code === 'client.network_unreachable') return 'zero.state.next_server';
  if (error instanceof ApiError && error.status >= 500) return 'zero.state.next_network';
  if (error instanceof ApiError && error.status >= 400) return 'zero.state.next_input';
  return 'zero.state.next_retry';
}

/** Why a read failed, in words, for the errors a user can act on; the server's own text is never shown. */
const REASONS: Readonly<Record<string, ParseKeys>> = {
  'antelope.key.invalid': 'zero.state.reason_bad_key',
  'antelope.account.not_found': 'zero.state.reason_no_account',
  'antelope.transaction.not_found': 'zero.state.reason_no_transaction',
  'validation.invalid_transaction_id': 'zero.state.reason_bad_transaction_id',
};

function reason(error: unknown): ParseKeys | null {
  return error instanceof ApiError ? (REASONS[error.code] ?? null) : null;
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown beside the spinner, e.g. "Loading balances…". */
  loading: string;
  /** What could not be loaded, e.g. "Balances could not be loaded." */
  failed: string;
  children: (data: T) => ReactNode;
}

/** Progress while a read runs, the reason and a way forward when it fails, the content otherwise. */
export function QueryState<T>({ query, loading, failed, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p className="zero-state" role="status">
        <span className="spinner" aria-hidden="true" />
        {loading}
      </p>
    );
  }
  if (query.isError) {
    const why = reason(query.error);
    return (
      <div className="zero-state zero-state--error" role="alert">
        <p>
          <strong>{failed}</strong>
          {why !== null && <> {t(why)}</>}
        </p>
        <p>{t(nextStep(query.error))}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void query.refetch()}>
          {t('zero.state.retry')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
