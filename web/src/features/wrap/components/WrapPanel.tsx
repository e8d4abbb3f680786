import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { QueryError } from '../../../lib/ui/QueryError';
import { useWrapBalances } from '../api/balances';
import { WRAP_QUERY_ROOT } from '../api/wrapApi';
import { useWrappedToken } from '../api/wrappedToken';
import { FRESH_BALANCES_WINDOW_MS, pickWrapBalances, readBeforeConfirmation } from '../model/wrap';
import { ExactAmount } from './ExactAmount';
import { ConnectNotice } from './WrapNotices';
import { WrapForm } from './WrapForm';

interface WrapPanelProps {
  readonly network: NetworkSummary;
  readonly account: string;
  readonly canSign: boolean;
  readonly isViewer: boolean;
}

/** The account's TLOS and WTLOS, and the wrap form (or how to connect a wallet that can sign). */
export function WrapPanel({ network, account, canSign, isViewer }: WrapPanelProps) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const queryClient = useQueryClient();
  const [confirmedAt, setConfirmedAt] = useState<number | null>(null);
  const wrapped = useWrappedToken(network.name);
  const balances = useWrapBalances(network.name, account, fiatCurrency, confirmedAt);
  const picked = balances.data && wrapped.data ? pickWrapBalances(balances.data.balances, wrapped.data) : null;
  const updating = readBeforeConfirmation(balances.data?.fetchedMs, confirmedAt);

  // After the window, stop waiting for newer balances: the regular 10 s refresh goes on.
  useEffect(() => {
    if (confirmedAt === null) return;
    const timer = setTimeout(() => { setConfirmedAt(null); }, FRESH_BALANCES_WINDOW_MS);
    return () => { clearTimeout(timer); };
  }, [confirmedAt]);

  // Spec §4: after the receipt, refresh the balances (the server may still hold the old ones for a few seconds).
  const onConfirmed = useCallback(() => {
    setConfirmedAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: [WRAP_QUERY_ROOT, network.name, 'balances'] });
  }, [queryClient, network.name]);

  const loading = balances.isPending || wrapped.isPending;
  const failed = balances.isError ? balances.error : wrapped.isError ? wrapped.error : null;
  const retry = () => {
    if (balances.isError) void balances.refetch();
    if (wrapped.isError) void wrapped.refetch();
  };

  return (
    <div className="wrap-grid">
      <section className="card card--stack" aria-labelledby="wrap-balances-title" aria-busy={balances.isFetching}>
        <h2 id="wrap-balances-title" className="card__title">
          {t('wrap.balances_title')}
        </h2>
        {loading && !failed && (
          <p className="state" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('wrap.balances_loading')}
          </p>
        )}
        {failed && !picked && <QueryError failed={t('wrap.balances_failed')} error={failed} onRetry={retry} />}
        {wrapped.data === null && <p role="alert">{t('wrap.no_wrapped_token')}</p>}
        {balances.data && wrapped.data && picked === null && <p role="alert">{t('wrap.no_wrapped_token')}</p>}
        {picked && (
          <dl className="wrap-balances">
            <div className="wrap-balances__row">
              <dt>{picked.tlosSymbol}</dt>
              <dd>
                <ExactAmount amount={picked.tlos} />
              </dd>
            </div>
            <div className="wrap-balances__row">
              <dt>{picked.wtlosSymbol}</dt>
              <dd>
                <ExactAmount amount={picked.wtlos} />
              </dd>
            </div>
          </dl>
        )}
        {updating && (
          <p className="state muted text-break" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('wrap.balances_updating')}
          </p>
        )}
        {failed && picked && <QueryError failed={t('wrap.balances_failed')} error={failed} onRetry={retry} />}
      </section>

      {!canSign && <ConnectNotice isViewer={isViewer} />}
      {canSign && picked && <WrapForm network={network} account={account} balances={picked} onConfirmed={onConfirmed} />}
    </div>
  );
}
