/**
 * The spec's indexer-health rule (§4): "When unhealthy once, a neutral warning says data
 * may be out of sync." Once per network and page load, not on every poll that finds it
 * still behind: the balances card keeps saying so in place while it lasts.
 */

/** Calls `warn` the first time each network is seen out of sync, and never again for it. */
export function createOutOfSyncWarning(warn: (network: string) => void) {
  const warned = new Set<string>();
  return (network: string, outOfSync: boolean): void => {
    if (!outOfSync || warned.has(network)) return;
    warned.add(network);
    warn(network);
  };
}
