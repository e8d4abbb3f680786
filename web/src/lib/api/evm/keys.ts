/**
 * Query keys of the EVM server resources, named after the resource and laid out like
 * its API path: `['evm', network, 'accounts', address, resource, …parameters]` for what
 * belongs to one account (`…/accounts/{address}/balances`), `['evm', network, resource,
 * …]` for the rest (`…/status`, `…/staking`). Every feature builds its keys here, so the
 * account's prefix reaches whatever any screen holds of that account, and two screens
 * reading the same resource share one cache entry.
 */

import type { QueryKey } from '@tanstack/react-query';

export const EVM_QUERY_ROOT = 'evm';

/** What the server answers under `…/accounts/{address}/`. */
export type EvmAccountResource = 'balances' | 'transactions' | 'sent-to' | 'staking' | 'nfts' | 'approvals' | 'portfolio';

/** Everything cached of one EVM network. */
export function evmNetworkKey(network: string) {
  return [EVM_QUERY_ROOT, network] as const;
}

/** Everything cached of one account. Addresses arrive checksummed or in lower case: both are the same account. */
export function evmAccountKey(network: string, address: string) {
  return [EVM_QUERY_ROOT, network, 'accounts', address.toLowerCase()] as const;
}

/** One resource of an account; its parameters (fiat currency, page…) follow in the query's own key. */
export function evmAccountResourceKey<R extends EvmAccountResource>(network: string, address: string, resource: R) {
  return [...evmAccountKey(network, address), resource] as const;
}

/** True for `resource` of any account on `network`, e.g. every NFT list after a transfer changed two owners. */
export function isEvmAccountResourceKey(queryKey: QueryKey, network: string, resource: EvmAccountResource): boolean {
  const [root, keyNetwork, accounts, , keyResource] = queryKey;
  return root === EVM_QUERY_ROOT && keyNetwork === network && accounts === 'accounts' && keyResource === resource;
}
