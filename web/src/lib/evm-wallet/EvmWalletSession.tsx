import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { destinationAfterLogout } from '../navigation/destinations';
import { isWithin } from '../navigation/paths';
import { fetchNetworks } from '../networks/api/networks';
import { walletNetworkFor } from '../networks/model/defaultNetwork';
import { notify } from '../notify/notify';
import { VIEWER_AUTHENTICATOR } from '../session/evmViewer';
import { readStoredSession } from '../session/storedSession';
import { useStoredAccount } from '../session/useStoredAccount';
import { browserStorage } from '../storage';
import { connectEvmWallet, disconnectUnlessStored, evmConnection } from './connection';
import { forgetEvmDevWalletKey } from './devWallet';
import { devWalletPrompts } from './devWalletPrompt';
import { storedWalletChoice } from './walletChoices';
import { DevWalletPrompt } from './DevWalletPrompt';

/** Logs the stored EVM wallet in again at start, without opening a wallet popup (spec §4 "Auto-login"). */
async function autoLogin(): Promise<void> {
  const stored = readStoredSession(browserStorage(), 'evm');
  const { account, network: networkName, authenticator, isNative } = stored;
  if (account === null || authenticator === null || isNative !== false || authenticator === VIEWER_AUTHENTICATOR) return;
  if (evmConnection.get() !== null) return;
  const network = walletNetworkFor(networkName, await fetchNetworks());
  if (network === null) return;
  const choice = await storedWalletChoice(authenticator, network);
  if (choice === null) throw new Error(`the wallet ${authenticator} is not available in this tab`);
  const outcome = await connectEvmWallet(choice, network, { prompt: false });
  if (outcome.kind !== 'connected') throw new Error(`the wallet did not reconnect (${outcome.message})`);
}

/**
 * Keeps the EVM wallet connection and the stored session in step: auto-login at
 * start, and when the stored account goes (Disconnect, or the wallet emptied its
 * accounts) the connection and the development wallet's key go too and an /evm
 * page goes home.
 */
export function EvmWalletSession() {
  const account = useStoredAccount('evm');
  const previous = useRef(account);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    autoLogin().catch((error: unknown) => {
      notify.warning({ key: 'antelope.evm.error_auto_login' });
      console.warn('EVM auto-login failed', error);
    });
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = account;
    // Effects run after the commit: the session may have changed since this render read `account`.
    disconnectUnlessStored();
    if (account === null && before !== null) {
      forgetEvmDevWalletKey();
      devWalletPrompts.rejectAll();
      if (isWithin(pathname, '/evm') && !pathname.startsWith('/evm/collectible-details')) {
        const target = destinationAfterLogout(pathname, 'evm');
        if (target !== null) void navigate(target);
      }
    }
  }, [account, navigate, pathname]);

  return <DevWalletPrompt />;
}
