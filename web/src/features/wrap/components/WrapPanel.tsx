import { useTranslation } from 'react-i18next';
import { useFreshEvmBalances } from '../../../lib/api/evm/balances';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { QueryError } from '../../../lib/ui/QueryError';
import { pickWrapBalances } from '../model/wrap';
import { ExactAmount } from '../../../lib/ui/AmountText';
import { BalancesUpdating } from '../../../lib/ui/FreshBalances';
import { ConnectNotice } from './WrapNotices';
import { WrapForm } from './WrapForm';

interface WrapPanelProps {
  readonly network: NetworkSummary;
  readonly account: string;
  readonly canSign: boolean;
  readonly isViewer: boolean;
}

/**
 * The account's TLOS and WTLOS, and the wrap form (or how to connect a wallet that can
 * sign). After a confirmed wrap or unwrap (spec §4), the balances every screen shares are
 * read again, every 2 s until the server answers with balances read after it.
 */
export function WrapPanel({ network, account, canSign, isViewer }: WrapPanelProps) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const { balances, updating } = useFreshEvmBalances(network.name, account, fiatCurrency);
  const wrapped = network.wrappedToken;
  const picked = balances.data && wrapped !== null ? pickWrapBalances(balances.data.balances, wrapped) : null;
  const failed = balances.isError ? balances.error : null;
  const retry = () => void balances.refetch();

  return (
    <div className="wrap-grid">
      <section className="card card--stack" aria-labelledby="wrap-balances-title" aria-busy={balances.isFetching}>
        <h2 id="wrap-balances-title" className="card__title">
          {t('wrap.balances_title')}
        </h2>
        {balances.isPending && !failed && (
          <p className="state" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('wrap.balances_loading')}
          </p>
        )}
        {failed && !picked && <QueryError failed={t('wrap.balances_failed')} error={failed} onRetry={retry} />}
        {wrapped === null && <p role="alert">{t('wrap.no_wrapped_token')}</p>}
        {balances.data && wrapped !== null && picked === null && <p role="alert">{t('wrap.no_wrapped_token')}</p>}
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
        {updating && <BalancesUpdating />}
        {failed && picked && <QueryError failed={t('wrap.balances_failed')} error={failed} onRetry={retry} />}
      </section>

      {!canSign && <ConnectNotice isViewer={isViewer} />}
      {canSign && picked && <WrapForm network={network} account={account} balances={picked} stale={updating} />}
    </div>
  );
}
