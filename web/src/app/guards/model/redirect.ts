/**
 * Route access rules of spec §2 as plain data and one decision function, so the
 * router, the tests and a reader see the same rules.
 */

import { DEFAULT_DEVELOPMENT_HOSTS } from '../../../lib/config';
import { HOME_PATH, isWithin } from '../../../lib/navigation/paths';

export { HOME_PATH, isWithin };

/**
 * The EVM screens that require a stored EVM account: every route of the EVM area (spec §2)
 * except the collectible details page (spec §2, §6) and a transaction's page, which show
 * public chain data that a link may share. A path below /evm that names no screen is no
 * route at all: it gets the not-found page, signed in or not ("any other path").
 * A second list beside `app/routes.ts`'s children of `evm`: `app/routes.test.ts` holds the
 * two to each other, so an EVM screen added to the router cannot be left open by mistake.
 */
const AUTH_PATHS: readonly string[] = [
  '/evm',
  '/evm/wallet',
  '/evm/send',
  '/evm/receive',
  '/evm/collectible-inventory',
  '/evm/staking',
  '/evm/wrap',
  '/evm/allowances',
];

const DEMOS_AREA = '/demos';

export function requiresAuth(path: string): boolean {
  // The router matches a path with or without its trailing slash.
  const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return AUTH_PATHS.includes(route);
}

function hostnameOf(host: string): string {
  // `location.host` may carry a port; IPv6 hosts keep their brackets.
  const match = /^(\[[^\]]*\]|[^:]*)(?::\d+)?$/.exec(host.trim().toLowerCase());
  return match?.[1] ?? host;
}

/** Production is every host not listed as a development host (safe default for self-hosters). */
export function isProductionHost(host: string, developmentHosts: readonly string[] = DEFAULT_DEVELOPMENT_HOSTS): boolean {
  return !developmentHosts.includes(hostnameOf(host));
}

/**
 * Where a navigation to `path` must go instead, or `null` to let it through.
 * `storedAccount` is the stored EVM account (a native session does not open /evm); `host` is the page's host.
 */
export function resolveRedirect(
  path: string,
  storedAccount: string | null,
  host: string,
  developmentHosts: readonly string[] = DEFAULT_DEVELOPMENT_HOSTS,
): string | null {
  if (isWithin(path, DEMOS_AREA) && isProductionHost(host, developmentHosts)) return HOME_PATH;
  if (requiresAuth(path) && storedAccount === null) return HOME_PATH;
  return null;
}
