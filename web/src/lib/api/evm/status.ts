import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { StatusView as StatusShape } from '../generated/answerShapes';
import { BALANCES_FRESH_MS } from './balances';
import { evmNetworkKey } from './keys';

/** An EVM network's status: which source answers, and how far behind it is. */

export type StatusView = Schemas['StatusView'];

/**
 * Spec §4 "Indexer health": warn that data may be out of sync while the primary
 * source reports itself unhealthy or the server has fallen back from it.
 */
export function isOutOfSync(status: StatusView | undefined): boolean {
  if (status === undefined) return false;
  const { source } = status;
  return source.primaryHealth?.healthy === false || source.inUse !== source.primary;
}

/**
 * Which out-of-sync notice the status calls for: the primary is behind but still read;
 * it is replaced by the node's plain reads (the fallback answering); or the node does not
 * answer either, where claiming the fallback would be untrue.
 */
export type OutOfSyncNotice = 'behind' | 'fallback' | 'fallback_failing';

export function outOfSyncNotice(status: StatusView | undefined): OutOfSyncNotice | null {
  if (status === undefined || !isOutOfSync(status)) return null;
  if (status.rpcError != null) return 'fallback_failing';
  return status.source.inUse === status.source.primary ? 'behind' : 'fallback';
}

export function fetchStatus(network: string, options?: RequestOptions): Promise<StatusView> {
  return apiGet('/api/v1/evm/{network}/status', { path: { network } }, StatusShape, options);
}

export const statusQueryOptions = (network: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'status'] as const,
    queryFn: ({ signal }) => fetchStatus(network, { signal }),
    // Read by the wallet route's loader beside the balances (app/prefetch.ts), and as fresh as
    // they are: not asked again as the screen mounts. Every EVM screen's frame reads it too.
    staleTime: BALANCES_FRESH_MS,
    refetchInterval: 10_000,
  });

export function useEvmStatus(network: string) {
  return useQuery(statusQueryOptions(network));
}
