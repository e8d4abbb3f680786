import { useState } from 'react';
import type { NetworkSummary } from '../networks/api/networks';
import { notify } from '../notify/notify';
import { changeEvmNetwork } from './changeNetwork';

/** Changing the network from a control: `busy` while the wallet is asked, so the control waits for its answer. */
export function useNetworkChange(): { busy: boolean; change: (target: NetworkSummary) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const change = async (target: NetworkSummary) => {
    setBusy(true);
    try {
      await changeEvmNetwork(target, { notify });
    } finally {
      setBusy(false);
    }
  };
  return { busy, change };
}
