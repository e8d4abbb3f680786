/**
 * The EVM screen every /evm page shows: its network and the account it shows, resolved
 * once by the /evm frame (app/layout/EvmLayout.tsx) and handed to the pages through this
 * context. The frame draws what a page cannot show content without (the networks loading,
 * failed or absent; no account where the screen needs one), so a page reads a resolved
 * screen and keeps only its content.
 */

import { createContext, useContext } from 'react';
import type { EvmConnection } from '../evm-wallet/connection';
import type { NetworkSummary } from '../networks/api/networks';

export interface EvmScreen {
  /** The EVM network the screen shows: the one a link names, else the session's, else the default. */
  readonly network: NetworkSummary;
  /** Every network this server serves (both kinds). */
  readonly networks: readonly NetworkSummary[];
  /** The stored EVM account (connected or viewed), EIP-55; null where the screen is open to anyone. */
  readonly account: string | null;
  /** A read-only (View Any Account) session. */
  readonly isViewer: boolean;
  /** A wallet that can sign for `account` is connected. */
  readonly canSign: boolean;
  /** The live wallet connection for `account`, when one exists. */
  readonly connection: EvmConnection | null;
}

export const EvmScreenContext = createContext<EvmScreen | null>(null);

/** The screen the /evm frame resolved. Only pages drawn inside that frame may ask. */
export function useEvmScreen(): EvmScreen {
  const screen = useContext(EvmScreenContext);
  if (screen === null) throw new Error('useEvmScreen is read outside the /evm frame');
  return screen;
}

/** The screen of a page that shows an account: the frame draws no page without one (route handle `account: 'required'`). */
export function useSignedInEvmScreen(): EvmScreen & { readonly account: string } {
  const screen = useEvmScreen();
  const { account } = screen;
  if (account === null) throw new Error('a signed-in EVM screen is drawn without an account');
  return { ...screen, account };
}
