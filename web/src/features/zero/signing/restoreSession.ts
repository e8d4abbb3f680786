/**
 * Auto-login of spec §4 for the native session: at start, when a native account is
 * stored and no session exists, log in again with the stored authenticator, network
 * and account. The viewer and the command-line sign-in need nothing more; a wallet
 * is restored through WharfKit (loaded here, on /zero only); the development wallet
 * only while this tab still holds its key. A wallet that cannot be restored leaves
 * the account readable, and signing asks the user to sign in again.
 */

import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { notify } from '../../../lib/notify/notify';
import { browserStorage } from '../../../lib/storage';
import { isDevWalletAllowed } from '../model/devWallet';
import { nativeSessionStore, storedNativeLogin, type NativeSigner } from '../model/nativeSession';
import { readDevWalletKey } from '../model/devWalletKey';

async function restoreSigner(
  network: NetworkSummary,
  login: NonNullable<ReturnType<typeof storedNativeLogin>>,
): Promise<NativeSigner | null> {
  const { authenticator, account, permission } = login;
  if (authenticator === 'viewer' || authenticator === 'cleos') return null;
  if (typeof network.chainId !== 'string' || network.rpcUrl === null) return null;
  if (authenticator === 'devkey') {
    const key = readDevWalletKey();
    if (key === null || !isDevWalletAllowed(network)) return null;
    const { devWalletSigner } = await import('./devWalletSigner');
    return devWalletSigner(network, key, account, permission);
  }
  const { restoreWallet } = await import('./walletLogin');
  return restoreWallet(authenticator, { id: network.chainId, rpcUrl: network.rpcUrl }, account, permission);
}

export async function restoreStoredSession(networks: readonly NetworkSummary[]): Promise<void> {
  if (nativeSessionStore.get() !== null) return;
  const login = storedNativeLogin(browserStorage());
  if (login === null) return;
  const network = networks.find((candidate) => candidate.name === login.network);
  if (!network) return;
  let signer: NativeSigner | null = null;
  try {
    signer = await restoreSigner(network, login);
  } catch (error) {
    notify.error({ key: 'zero.session.error_auto_login' }, { details: error instanceof Error ? error.message : String(error) });
  }
  if (nativeSessionStore.get() !== null) return;
  nativeSessionStore.restore({ ...login, signer });
}
