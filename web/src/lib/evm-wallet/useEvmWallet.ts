import { useSyncExternalStore } from 'react';
import { VIEWER_AUTHENTICATOR } from '../session/evmViewer';
import { accountKind } from '../session/storedAccount';
import { readStoredSession } from '../session/storedSession';
import { useStoredAccount } from '../session/useStoredAccount';
import { browserStorage } from '../storage';
import { evmConnection, type EvmConnection } from './connection';

export function useEvmConnection(): EvmConnection | null {
  return useSyncExternalStore(evmConnection.subscribe, evmConnection.get, () => null);
}

export interface EvmWalletState {
  /** The stored EVM account (connected or viewed), EIP-55. */
  readonly account: string | null;
  /** A read-only (View Any Account) session. */
  readonly isViewer: boolean;
  /** The live wallet connection for `account`, when one exists. */
  readonly connection: EvmConnection | null;
  /** A wallet that can sign for `account` is connected. */
  readonly canSign: boolean;
}

/** The account the EVM screens show and whether its wallet can sign right now. */
export function useEvmWallet(): EvmWalletState {
  const stored = useStoredAccount('evm');
  const connection = useEvmConnection();
  const account = stored !== null && accountKind(stored) === 'evm' ? stored : null;
  const isViewer = readStoredSession(browserStorage(), 'evm').authenticator === VIEWER_AUTHENTICATOR;
  const live = connection !== null && account !== null && connection.address.toLowerCase() === account.toLowerCase() ? connection : null;
  return { account, isViewer, connection: live, canSign: live !== null && !isViewer };
}
