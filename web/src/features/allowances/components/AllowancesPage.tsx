import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerAllowancesTexts } from '../../../lib/i18n/allowances';
import { useEvmWallet } from '../../../lib/evm-wallet/useEvmWallet';
import { useNetworks } from '../../../lib/networks/api/networks';
import { walletNetworkFor } from '../../../lib/networks/model/defaultNetwork';
import { readStoredSession } from '../../../lib/session/storedSession';
import { browserStorage } from '../../../lib/storage';
import { ApprovalsCard } from './ApprovalsCard';
import './allowances.css';

registerAllowancesTexts();

/**
 * /evm/allowances: every ERC-20, ERC-721 and ERC-1155 approval the account gave, with
 * its risks; a connected wallet can change an ERC-20 allowance, revoke one approval,
 * or revoke a selection one transaction at a time. A read-only session sees the same
 * rows without the write controls.
 */
export function AllowancesPage() {
  const { t } = useTranslation();
  const { account, isViewer, canSign } = useEvmWallet();
  const networks = useNetworks();
  const network = networks.data ? walletNetworkFor(readStoredSession(browserStorage(), 'evm').network, networks.data) : null;

  return (
    <section className="page allowances" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('allowances.title')}
        </h1>
        <p className="page__lead">{t('allowances.lead')}</p>
        {account !== null && (
          <p className="page__account">
            <code className="address allowances-address">{account}</code>
            {isViewer && <span className="badge">{t('allowances.viewer')}</span>}
          </p>
        )}
        {network && <p className="muted">{t('allowances.network', { network: network.displayName })}</p>}
      </header>

      {account === null && <p className="state">{t('allowances.no_account')}</p>}
      {account !== null && !canSign && (
        <p className="allowances-note" role="note">
          {t('allowances.connect_to_change')}{' '}
          <Link to="/" className="allowances-note__link">
            {t('allowances.connect')}
          </Link>
        </p>
      )}

      {networks.isPending && (
        <p className="state" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('allowances.network_loading')}
        </p>
      )}
      {networks.isError && (
        <div className="state state--error" role="alert">
          <p>
            <strong>{t('allowances.network_failed')}</strong> {networks.error.message}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={() => void networks.refetch()}>
            {t('allowances.batch.retry')}
          </button>
        </div>
      )}
      {networks.data && network === null && (
        <p className="state" role="alert">
          {t('allowances.network_missing')}
        </p>
      )}

      {network && account !== null && <ApprovalsCard network={network} account={account} canSign={canSign} />}
    </section>
  );
}
