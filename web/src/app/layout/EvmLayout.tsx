import { QueryObserver, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useSearchParams } from 'react-router';
import { isOutOfSync, statusQueryOptions, type StatusView } from '../../lib/api/evm/status';
import { EvmScreenContext, type EvmScreen } from '../../lib/evm-screen/evmScreen';
import { LinkedNativeAccount } from '../../lib/evm-screen/LinkedNativeAccount';
import { NetworkChooser } from '../../lib/evm-wallet/NetworkChooser';
import { useEvmWallet } from '../../lib/evm-wallet/useEvmWallet';
import { WrongChainNotice } from '../../lib/evm-wallet/WrongChainNotice';
import { registerEvmScreenTexts } from '../../lib/i18n/evmScreen';
import { useNetworks, type NetworkSummary } from '../../lib/networks/api/networks';
import { walletNetworkFor } from '../../lib/networks/model/defaultNetwork';
import { useStoredNetwork } from '../../lib/networks/model/storedNetwork';
import { notify } from '../../lib/notify/notify';
import { LongId } from '../../lib/ui/CopyButton';
import { QueryError } from '../../lib/ui/QueryError';
import { evmScreenHandle, type MatchedEvmScreen } from './evmScreenHandle';
import { createOutOfSyncWarning } from './outOfSyncWarning';
import './evm-layout.css';

registerEvmScreenTexts();

const warnOutOfSync = createOutOfSyncWarning((network) => notify.neutral({ key: 'notify.out_of_sync', values: { network } }));

/**
 * Watches the network's status for the out-of-sync warning. An observer of its own, outside
 * the render: the frame does not draw anything from it, so an answer of the status (every
 * 10 s) does not draw the frame and the screen in it again.
 */
function useOutOfSyncWarning(network: NetworkSummary | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (network === null) return undefined;
    const observer = new QueryObserver(queryClient, statusQueryOptions(network.name));
    const check = (data: StatusView | undefined) => {
      warnOutOfSync(network.displayName, isOutOfSync(data));
    };
    const unsubscribe = observer.subscribe((result) => {
      check(result.data);
    });
    // A status already read (the wallet's loader reads it) is told to no listener.
    check(observer.getCurrentResult().data);
    return unsubscribe;
  }, [queryClient, network]);
}

/**
 * The network the screen shows: the one a link names (`?network=`, on screens that take it)
 * when this server serves it as an EVM network, else the session's, else the default.
 */
function screenNetwork(networks: readonly NetworkSummary[], stored: string | null, linked: string | null): NetworkSummary | null {
  const named = linked === null ? undefined : networks.find((network) => network.kind === 'evm' && network.name === linked);
  return named ?? walletNetworkFor(stored, networks);
}

/** The page's title, lead, account (with the read-only mark) and network, as its route's handle asks. */
function ScreenHeader({ handle, network, account, isViewer }: { handle: MatchedEvmScreen; network: NetworkSummary | null; account: string | null; isViewer: boolean }) {
  const { t } = useTranslation();
  const values = { network: network?.displayName ?? '' };
  return (
    <header className="page__header">
      {handle.title !== undefined && (
        <h1 id="page-title" className="page__title">
          {t(handle.title)}
        </h1>
      )}
      {handle.lead !== undefined && network !== null && <p className="page__lead text-break">{t(handle.lead, values)}</p>}
      {handle.showsAccount === true && account !== null && (
        <p className="page__account">
          <LongId value={account} what="address" />
          {isViewer && <span className="badge">{t('evmScreen.viewer')}</span>}
        </p>
      )}
      {handle.networkLine === true && network !== null && (
        <p className={handle.linkedNative === true ? 'page__lead evm-network-line--linked' : 'muted text-break'}>
          {t('evmScreen.network', values)}
          {handle.linkedNative === true && account !== null && <LinkedNativeAccount network={network} address={account} />}
        </p>
      )}
    </header>
  );
}

/** What the frame draws instead of the page while it cannot be drawn: networks loading, failed, none; no account. */
function ScreenState({ networks, network, needsAccount }: { networks: ReturnType<typeof useNetworks>; network: NetworkSummary | null; needsAccount: boolean }) {
  const { t } = useTranslation();
  if (networks.isPending) {
    return (
      <p className="state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('evmScreen.network_loading')}
      </p>
    );
  }
  if (networks.isError) {
    return <QueryError failed={t('evmScreen.network_failed')} error={networks.error} onRetry={() => void networks.refetch()} />;
  }
  if (network === null) {
    return (
      <p className="state" role="alert">
        {t('evmScreen.network_missing')}
      </p>
    );
  }
  if (needsAccount) {
    return (
      <div className="state" role="note">
        <p>{t('evmScreen.no_account')}</p>
        <Link to={{ pathname: '/', hash: 'connect' }} className="button button--primary button--small">
          {t('evmScreen.connect')}
        </Link>
      </div>
    );
  }
  return null;
}

/**
 * Frame of every /evm screen. It resolves the screen once, the network (a link's, the
 * session's or the default) and the account, and hands it to the page
 * (lib/evm-screen: useEvmScreen); it draws the page's header from the route's handle and,
 * instead of the page, the networks loading, failed or absent and a missing account, so a
 * page keeps only its content. Above it: the network chooser for an EVM session and the flag
 * for a wallet that moved to another chain on its own. The page is drawn anew when the
 * network changes (the network-changed event), so no form, dialog or list of the previous
 * network outlives the switch. The first time the network's data source is found behind or
 * down, a neutral message says so, whichever EVM screen is open.
 */
export function EvmLayout() {
  const storedNetwork = useStoredNetwork();
  const networks = useNetworks();
  const [searchParams] = useSearchParams();
  const handle = evmScreenHandle(useMatches());
  const { account, isViewer, connection, canSign } = useEvmWallet();
  const linked = handle?.networkFromLink === true ? searchParams.get('network') : null;
  const sessionNetwork = networks.data ? walletNetworkFor(storedNetwork, networks.data) : null;
  const network = networks.data ? screenNetwork(networks.data, storedNetwork, linked) : null;
  useOutOfSyncWarning(network);

  const screen = useMemo<EvmScreen | null>(
    () => (network === null || networks.data === undefined ? null : { network, networks: networks.data, account, isViewer, canSign, connection }),
    [network, networks.data, account, isViewer, canSign, connection],
  );
  const needsAccount = handle?.needsAccount === true && account === null;

  return (
    <>
      {/* The bar keeps its room while the networks load, so the screen below does not move down when the chooser shows. */}
      {account !== null && (networks.isPending || (sessionNetwork !== null && networks.data !== undefined)) && (
        <div className="evm-bar">
          {sessionNetwork !== null && networks.data !== undefined && <NetworkChooser networks={networks.data} current={sessionNetwork} />}
        </div>
      )}
      {connection !== null && sessionNetwork !== null && networks.data !== undefined && (
        <WrongChainNotice connection={connection} current={sessionNetwork} networks={networks.data} />
      )}
      {handle === null ? (
        <Outlet key={storedNetwork ?? ''} />
      ) : (
        <section className={`page ${handle.page}`} aria-labelledby={handle.title === undefined ? undefined : 'page-title'}>
          {(handle.ownHeader !== true || screen === null || needsAccount) && (
            <ScreenHeader handle={handle} network={network} account={account} isViewer={isViewer} />
          )}
          {screen === null || needsAccount ? (
            <ScreenState networks={networks} network={network} needsAccount={needsAccount} />
          ) : (
            <EvmScreenContext.Provider value={screen}>
              <Outlet key={storedNetwork ?? ''} />
            </EvmScreenContext.Provider>
          )}
        </section>
      )}
    </>
  );
}
