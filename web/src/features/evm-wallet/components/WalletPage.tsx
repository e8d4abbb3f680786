import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { useEvmBalances } from '../../../lib/api/evm/balances';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { MoveToZeroLink } from '../../../lib/evm-screen/MoveToZeroLink';
import { walletTab, WALLET_TABS } from '../model/wallet';
import { BalancesCard } from './BalancesCard';
import { HistoryCard } from './HistoryCard';
import { PortfolioChartCard } from './PortfolioChartCard';
import { PriceChartCard } from './PriceChartCard';
import './evm-wallet.css';

registerEvmTexts();

/** /evm/wallet: the account's balances (tab `balance`) and history (tab `history`), in the /evm frame. */
export function WalletPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const tab = walletTab(searchParams.get('tab'));
  const { account, isViewer, network } = useSignedInEvmScreen();

  return (
    <>
      <div className="button-row">
        <Link to="/evm/send" className="button button--primary">
          {t('evm.send.open')}
        </Link>
        <Link to="/evm/receive" className="button button--secondary">
          {t('evm.receive.title')}
        </Link>
        {!isViewer && <MoveToZeroLink network={network} className="button button--secondary" />}
      </div>

      <nav className="tabs" aria-label={t('evm.wallet.tabs')}>
        {WALLET_TABS.map((candidate) => (
          <Link
            key={candidate}
            to={`/evm/wallet?tab=${candidate}`}
            className={`tabs__link${candidate === tab ? ' active' : ''}`}
            aria-current={candidate === tab ? 'page' : undefined}
          >
            {t(`evm.wallet.tab_${candidate}`)}
          </Link>
        ))}
      </nav>

      {tab === 'balance' && <BalanceTab network={network} address={account} sendable={!isViewer} />}
      {tab === 'history' && <HistoryCard network={network.name} address={account} explorerUrl={network.explorerUrl} />}
    </>
  );
}

/**
 * The balance tab: the balances, and the price and portfolio charts in a column of their
 * own, so the balances' rows, however many, never move them where the columns stand side
 * by side. Where the charts come below the balances (a narrow screen), they are held
 * unseen until the balances have come (or failed), so the rows replacing their
 * placeholder do not visibly push them down (evm-wallet.css).
 */
function BalanceTab({ network, address, sendable }: { network: NetworkSummary; address: string; sendable: boolean }) {
  const [{ fiatCurrency }] = usePreferences();
  const balancesPending = useEvmBalances(network.name, address, fiatCurrency).isPending;
  return (
    <div className="evm-grid" data-balances={balancesPending ? 'pending' : 'settled'}>
      <BalancesCard network={network.name} address={address} sendable={sendable} samplePrices={network.isDevnet} />
      <div className="evm-grid__side">
        <PriceChartCard network={network.name} symbol={network.systemToken?.symbol ?? 'TLOS'} sample={network.isDevnet} />
        <PortfolioChartCard network={network.name} address={address} sample={network.isDevnet} />
      </div>
    </div>
  );
}
