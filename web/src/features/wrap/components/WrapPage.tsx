import { useTranslation } from 'react-i18next';
import { useEvmWallet } from '../../../lib/evm-wallet/useEvmWallet';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { registerWrapTexts } from '../../../lib/i18n/wrap';
import { useNetworks } from '../../../lib/networks/api/networks';
import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import { readStoredSession } from '../../../lib/session/storedSession';
import { browserStorage } from '../../../lib/storage';
import { QueryError } from '../../../lib/ui/QueryError';
import { WrapPanel } from './WrapPanel';
import './wrap.css';
import { LongId } from '../../../lib/ui/CopyButton';

registerEvmTexts();
registerWrapTexts();

/** /evm/wrap: wrap TLOS into WTLOS and unwrap it again (spec §2, §7 "wrap and unwrap the system token"). */
export function WrapPage() {
  const { t } = useTranslation();
  // The EVM session only: a native one never reaches /evm (the guard sends it home, which says why).
  const session = readStoredSession(browserStorage(), 'evm');
  const { account, isViewer, canSign } = useEvmWallet();
  const networks = useNetworks();
  const network = networks.data ? walletNetworkFor(session.network, networks.data) : null;

  return (
    <section className="page wrap-page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('wrap.title')}
        </h1>
        <p className="page__lead">{t('wrap.lead')}</p>
        {account !== null && (
          <p className="page__account">
            <LongId value={account} what="address" />
            {isViewer && <span className="badge">{t('wrap.viewer')}</span>}
          </p>
        )}
        {network && <p className="muted text-break">{t('wrap.network', { network: network.displayName })}</p>}
      </header>

      {networks.isPending && (
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('evm.wallet.network_loading')}
        </p>
      )}
      {networks.isError && (
        <QueryError failed={t('evm.wallet.network_failed')} error={networks.error} onRetry={() => void networks.refetch()} />
      )}
      {networks.data && network === null && (
        <p className="state" role="alert">
          {t('evm.wallet.network_missing')}
        </p>
      )}

      {network && account !== null && (
        <WrapPanel network={network} account={account} canSign={canSign} isViewer={isViewer} />
      )}
    </section>
  );
}
