import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { NetworkChooser } from '../../lib/evm-wallet/NetworkChooser';
import { isOutOfSync, statusQueryOptions } from '../../lib/api/evm/status';
import { useEvmWallet } from '../../lib/evm-wallet/useEvmWallet';
import { WrongChainNotice } from '../../lib/evm-wallet/WrongChainNotice';
import { useNetworks } from '../../lib/networks/api/networks';
import { walletNetworkFor } from '../../lib/networks/model/defaultNetwork';
import { useStoredNetwork } from '../../lib/networks/model/storedNetwork';
import { notify } from '../../lib/notify/notify';
import { createOutOfSyncWarning } from './outOfSyncWarning';
import './evm-layout.css';

const warnOutOfSync = createOutOfSyncWarning((network) => notify.neutral({ key: 'notify.out_of_sync', values: { network } }));

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
  const status = useQuery({ ...statusQueryOptions(current?.name ?? ''), enabled: current !== null });
  const outOfSync = isOutOfSync(status.data);
  useEffect(() => {
    if (current !== null) warnOutOfSync(current.displayName, outOfSync);
  }, [current, outOfSync]);

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
