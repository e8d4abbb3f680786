import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useEvmWallet } from '../../../lib/evm-wallet/useEvmWallet';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { registerStakingTexts } from '../../../lib/i18n/staking';
import { useNetworks, type NetworkSummary } from '../../../lib/networks/api/networks';
import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import { readStoredSession } from '../../../lib/session/storedSession';
import { browserStorage } from '../../../lib/storage';
import { QueryError } from '../../../lib/ui/QueryError';
import { useStakingOverview } from '../api/overview';
import { AccountStakingSection } from './AccountStakingSection';
import { StakingFigures } from './StakingFigures';
import { ConnectNotice, StakingLoading } from './StakingNotices';
import './staking.css';
import { LongId } from '../../../lib/ui/CopyButton';

registerEvmTexts();
registerStakingTexts();

function StakingPanel({ network, account, canSign, isViewer }: { network: NetworkSummary; account: string | null; canSign: boolean; isViewer: boolean }) {
  const overview = useStakingOverview(network.name);
  // Without staking contracts there is no position to read; the figures card says so.
  const notConfigured = overview.error instanceof ApiError && overview.error.code === 'evm.staking_not_configured';
  return (
    <div className="staking-grid">
      <StakingFigures networkName={network.displayName} overview={overview} />
      {account === null && <ConnectNotice reason="native" />}
      {account !== null && !notConfigured && (
        <AccountStakingSection network={network} account={account} overview={overview.data} canSign={canSign} isViewer={isViewer} />
      )}
    </div>
  );
}

/** /evm/staking: stake TLOS for STLOS, unstake into the escrow, withdraw what has unlocked (spec §2, §4). */
export function StakingPage() {
  const { t } = useTranslation();
  const session = readStoredSession(browserStorage(), 'evm');
  const { account, isViewer, canSign } = useEvmWallet();
  const networks = useNetworks();
  const network = networks.data ? walletNetworkFor(session.network, networks.data) : null;

  return (
    <section className="page staking-page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('staking.title')}
        </h1>
        <p className="page__lead">{t('staking.lead')}</p>
        {account !== null && (
          <p className="page__account">
            <LongId value={account} what="address" />
            {isViewer && <span className="badge">{t('staking.viewer')}</span>}
          </p>
        )}
        {network && <p className="muted text-break">{t('staking.network', { network: network.displayName })}</p>}
      </header>

      {networks.isPending && <StakingLoading text={t('evm.wallet.network_loading')} />}
      {networks.isError && (
        <QueryError failed={t('evm.wallet.network_failed')} error={networks.error} onRetry={() => void networks.refetch()} />
      )}
      {networks.data && network === null && (
        <p className="state" role="alert">
          {t('evm.wallet.network_missing')}
        </p>
      )}
      {network && <StakingPanel network={network} account={account} canSign={canSign} isViewer={isViewer} />}
    </section>
  );
}
