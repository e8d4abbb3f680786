import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../client';
import { apiGet, type Schemas } from '../endpoints';
import { SentToView as SentToShape } from '../generated/answerShapes';
import { evmAccountResourceKey } from './keys';

/** GET …/accounts/{address}/sent-to/{recipient}: whether the account paid the recipient before, from its history on the chain. */
export type SentToView = Schemas['SentToView'];

export function fetchSentTo(network: string, address: string, recipient: string, options?: RequestOptions): Promise<SentToView> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/sent-to/{recipient}', { path: { network, address, recipient } }, SentToShape, options);
}

export const sentToQueryOptions = (network: string, address: string, recipient: string) =>
  queryOptions({
    queryKey: [...evmAccountResourceKey(network, address, 'sent-to'), recipient.toLowerCase()] as const,
    queryFn: ({ signal }) => fetchSentTo(network, address, recipient, { signal }),
    // The history only grows by the user's own sends, after which the account's keys are refreshed.
    staleTime: 60_000,
    retry: 1,
  });

/**
 * Whether `address` has sent to `recipient` on `network` before; idle until both are
 * known (a recipient still being typed asks nothing).
 */
export function useSentTo(network: string, address: string | null, recipient: string | null) {
  return useQuery({
    ...sentToQueryOptions(network, address ?? '', recipient ?? ''),
    enabled: address !== null && recipient !== null,
  });
}
