/**
 * "View Any Account" for an EVM address (spec §4 Login): no wallet, only the
 * address, stored as a read-only (`justViewer`) session so the auth guard lets
 * the user into /evm and a reload shows the same account again.
 */

import type { StorageLike } from '../storage';
import { writeStoredSession } from './storedSession';

/** The authenticator name of a read-only session (spec §4). */
export const VIEWER_AUTHENTICATOR = 'justViewer';

/** Where a viewer lands: the wallet's balance tab. */
export const EVM_VIEWER_LANDING = '/evm/wallet?tab=balance';

/** Stores the viewer session of `address` (EIP-55) on `network`. */
export function storeEvmViewerSession(storage: StorageLike, address: string, network: string): void {
  writeStoredSession(storage, 'evm', {
    account: address,
    network,
    authenticator: VIEWER_AUTHENTICATOR,
    rawAddress: address,
  });
}
