/**
 * Choosing the EVM network from the app (spec §4 "Chain data refresh"): a connected
 * wallet is switched first (adding the chain when it does not know it, a rejection
 * staying a neutral message); only then is the network stored, which emits the
 * network-changed event the screens follow, and a success notice says where the
 * user now is. A read-only session has no wallet to ask and switches at once.
 */

import type { NetworkSummary } from '../networks/api/networks';
import { addChainParameter } from '../networks/model/addChainParameter';
import { storeNetwork } from '../networks/model/storedNetwork';
import type { Notifier } from '../notify/notify';
import { reportSwitchOutcome, switchNetwork, type SwitchOutcome } from '../wallet/switchNetwork';
import { evmConnection, type ConnectionStore } from './connection';

export interface ChangeNetworkOptions {
  readonly notify: Notifier;
  readonly store?: ConnectionStore;
  readonly origin?: string;
}

export async function changeEvmNetwork(
  target: NetworkSummary,
  { notify, store = evmConnection, origin = window.location.origin }: ChangeNetworkOptions,
): Promise<SwitchOutcome> {
  const connection = store.get();
  let outcome: SwitchOutcome = { kind: 'switched' };
  if (connection !== null) {
    const chain = addChainParameter(target, origin);
    if (chain === null) {
      notify.error({ key: 'antelope.chain.error_settings_not_found', values: { network: target.displayName } });
      return { kind: 'failed', message: 'antelope.chain.error_settings_not_found', error: null };
    }
    outcome = await switchNetwork(connection.provider, chain);
  }
  if (outcome.kind === 'switched' || outcome.kind === 'added') {
    // The connection may have been replaced or closed while the wallet was asked.
    const current = store.get();
    if (current !== null && current.provider === connection?.provider) {
      store.update({ ...current, network: target.name, walletChainId: typeof target.chainId === 'number' ? target.chainId : null });
    }
    storeNetwork(target.name);
  }
  reportSwitchOutcome(outcome, target.displayName, notify);
  return outcome;
}
