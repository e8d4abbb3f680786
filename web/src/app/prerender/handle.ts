import type { ParseKeys } from 'i18next';
import type { UIMatch } from 'react-router';

/** What a route tells the build's pre-rendering (app/routes.ts sets it as the route's `handle`). */
export interface PrerenderHandle {
  /**
   * `page`: the screen looks the same for every visitor (home, not found), so it is
   * pre-rendered in full and hydrated; otherwise the build renders its stand-in.
   */
  readonly prerender?: 'page';
  /** The stand-in's page title (the screen's own title, as the screen shows it). */
  readonly title?: ParseKeys;
  /**
   * `evm-wallet`: the route's loader reads the stored EVM account's balances and its network's
   * status, which the page preloads (prerender/boot.ts).
   */
  readonly preload?: 'evm-wallet';
}

/** A match's (or a route's) handle as an object, empty when it has none. */
function handleOf(match: { readonly handle?: unknown }): object {
  const handle: unknown = match.handle;
  return typeof handle === 'object' && handle !== null ? handle : {};
}

/** Whether the deepest matched screen is pre-rendered in full. */
export function isPrerenderedInFull(matches: readonly UIMatch[]): boolean {
  const last = matches.at(-1);
  if (last === undefined) return false;
  const handle = handleOf(last);
  return 'prerender' in handle && handle.prerender === 'page';
}

/** The title of the deepest matched route that has one. */
export function standInTitle(matches: readonly UIMatch[]): ParseKeys | null {
  for (const match of [...matches].reverse()) {
    const handle = handleOf(match);
    if ('title' in handle && typeof handle.title === 'string') return handle.title as ParseKeys;
  }
  return null;
}

/** Whether a matched route's loader reads the stored EVM account's balances and network status (the page then preloads them). */
export function preloadsEvmWallet(matches: readonly { readonly route: { readonly handle?: unknown } }[]): boolean {
  return matches.some(({ route }) => {
    const handle = handleOf(route);
    return 'preload' in handle && handle.preload === 'evm-wallet';
  });
}
