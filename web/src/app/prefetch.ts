/**
 * Reads a screen needs, started by its route's loader so they run beside the
 * download of the screen's chunk instead of after it renders (issue 6 target: the
 * first balance row within 500 ms of navigation). Loaders never wait for them: a
 * failed prefetch only means the screen fetches (and reports) it itself.
 */
import { statusQueryOptions } from '../lib/api/evm/status';
import { clientConfigQueryOptions } from '../lib/api/clientConfig';
import { evmBalancesQueryOptions } from '../lib/api/evm/balances';
import { networksQueryOptions } from '../lib/networks/api/networks';
import { walletNetworkFor } from '../lib/networks/model/defaultNetwork';
import { readPreferences } from '../lib/preferences/preferences';
import { accountKind } from '../lib/session/storedAccount';
import { readStoredSession } from '../lib/session/storedSession';
import { browserStorage } from '../lib/storage';
import { queryClient } from './queryClient';

/**
 * Fetched as the app starts: the networks list, which nearly every screen reads, and
 * the server's settings for the app, which home's wallet options show (so they are
 * there when home renders instead of changing under the user's pointer).
 */
export function prefetchStartupData(): void {
  queryClient.query(networksQueryOptions()).catch(() => undefined);
  queryClient.query(clientConfigQueryOptions()).catch(() => undefined);
}

/**
 * /evm/wallet: the stored account's balances, the entry BalancesCard (and every screen with
 * balances) reads, and its network's status, so a warning that the network's data is behind
 * is there with the rows instead of pushing them down when it comes. The page preloaded both
 * (prerender/boot.ts): these requests take those answers.
 */
export function prefetchWalletReads(): null {
  const storage = browserStorage();
  const { account, network: stored } = readStoredSession(storage, 'evm');
  if (account === null || accountKind(account) !== 'evm') return null;
  const { fiatCurrency } = readPreferences(storage);
  queryClient
    .query(networksQueryOptions())
    .then((networks) => {
      const network = walletNetworkFor(stored, networks);
      if (network === null) return;
      queryClient.query(statusQueryOptions(network.name)).catch(() => undefined);
      return queryClient.query(evmBalancesQueryOptions(network.name, account, fiatCurrency));
    })
    .catch(() => undefined);
  return null;
}
