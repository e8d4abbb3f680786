import { useTranslation } from 'react-i18next';
import type { NetworkSummary } from '../networks/api/networks';
import type { EvmConnection } from './connection';
import { useNetworkChange } from './useNetworkChange';

/**
 * Flags a wallet that changed chain on its own (`chainChanged`, spec §4): the screens
 * keep showing the chosen network and signing stays blocked (the review says so too)
 * until the user either switches the wallet back or, when the wallet's chain is one
 * this server serves, makes it the chosen network. Nothing is followed silently.
 */
export function WrongChainNotice({
  connection,
  current,
  networks,
}: {
  connection: EvmConnection;
  current: NetworkSummary;
  networks: readonly NetworkSummary[];
}) {
  const { t } = useTranslation();
  const { busy, change } = useNetworkChange();
  if (connection.walletChainId === current.chainId) return null;
  const walletNetwork = networks.find((network) => network.kind === 'evm' && network.chainId === connection.walletChainId) ?? null;
  const chainName =
    walletNetwork?.displayName ?? (connection.walletChainId === null ? null : t('network.chain_id', { chainId: connection.walletChainId }));

  return (
    <div className="wrong-chain" role="alert">
      <p className="wrong-chain__text">
        {chainName === null
          ? t('network.wrong_chain_unknown', { network: current.displayName })
          : t('network.wrong_chain', { chain: chainName, network: current.displayName })}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => void change(current)}>
          {t('network.switch_back', { network: current.displayName })}
        </button>
        {walletNetwork !== null && (
          <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void change(walletNetwork)}>
            {t('network.follow', { network: walletNetwork.displayName })}
          </button>
        )}
      </div>
    </div>
  );
}
