/**
 * What an /evm route tells the frame (app/routes.ts sets it in the route's `handle`, beside
 * the pre-render's title): the page's class, its lead, whether it shows the account, and
 * where its network comes from. The frame draws the page's header and the states a page
 * cannot draw content in from it (EvmLayout.tsx).
 */
import type { ParseKeys } from 'i18next';
import type { UIMatch } from 'react-router';

export interface EvmScreenHandle {
  /** The page's own class on its `section.page`, for its styles. */
  readonly page: string;
  /** The line under the title; `{{network}}` is the network's name. */
  readonly lead?: ParseKeys;
  /** The screen is the account's own (the guard asks for a session): it is not drawn without one. */
  readonly needsAccount?: true;
  /** The header shows the account, marked when it is viewed read-only. */
  readonly showsAccount?: true;
  /** The header names the network on a line of its own (the lead does not). */
  readonly networkLine?: true;
  /** The network's line ends with the native account linked to the account (`eosio.evm`). */
  readonly linkedNative?: true;
  /** A link may name the network (`?network=`), when this server serves it. */
  readonly networkFromLink?: true;
  /**
   * The page draws its own header (a collectible's name is its title): the frame draws the
   * title only while it shows a state instead of the page.
   */
  readonly ownHeader?: true;
}

/** A matched screen's handle: its EVM part and the title the pre-render shows too. */
export type MatchedEvmScreen = EvmScreenHandle & { readonly title?: ParseKeys };

function isEvmScreenHandle(handle: unknown): handle is MatchedEvmScreen {
  return typeof handle === 'object' && handle !== null && 'page' in handle && typeof handle.page === 'string';
}

/** The deepest matched route's EVM screen handle, with its title. */
export function evmScreenHandle(matches: readonly UIMatch[]): MatchedEvmScreen | null {
  for (const match of [...matches].reverse()) {
    if (isEvmScreenHandle(match.handle)) return match.handle;
  }
  return null;
}
