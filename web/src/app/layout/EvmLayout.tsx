import { QueryObserver, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NetworkChooser } from '../../lib/evm-wallet/NetworkChooser';
import { isOutOfSync, statusQueryOptions, type StatusView } from '../../lib/api/evm/status';
import { useEvmWallet } from '../../lib/evm-wallet/useEvmWallet';
import { WrongChainNotice } from '../../lib/evm-wallet/WrongChainNotice';
import { useNetworks, type NetworkSummary } from '../../lib/networks/api/networks';
import { walletNetworkFor } from '../../lib/networks/model/defaultNetwork';
import { useStoredNetwork } from '../../lib/networks/model/storedNetwork';
import { notify } from '../../lib/notify/notify';
import { createOutOfSyncWarning } from './outOfSyncWarning';
import './evm-layout.css';

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
 * Frame of every /evm screen: the network chooser for an EVM session, the flag for
 * a wallet that moved to another chain on its own, and the screen itself. The
 * screen is drawn anew when the network changes (the network-changed event), so no
 * form, dialog or list of the previous network outlives the switch. The first time the
 * network's data source is found behind or down, a neutral message says so, whichever
 * EVM screen is open (the balances card says it in place too).
 */
export function EvmLayout() {
  const storedNetwork = useStoredNetwork();
  const networks = useNetworks();
  const { account, connection } = useEvmWallet();
  const current = networks.data ? walletNetworkFor(storedNetwork, networks.data) : null;
  useOutOfSyncWarning(current);

  return (
    <>
      {/* The bar keeps its room while the networks load, so the screen below does not move down when the chooser shows. */}
      {account !== null && (networks.isPending || (current !== null && networks.data !== undefined)) && (
        <div className="evm-bar">
          {current !== null && networks.data !== undefined && <NetworkChooser networks={networks.data} current={current} />}
        </div>
      )}
      {connection !== null && current !== null && networks.data !== undefined && (
        <WrongChainNotice connection={connection} current={current} networks={networks.data} />
      )}
      <Outlet key={storedNetwork ?? ''} />
    </>
  );
}
