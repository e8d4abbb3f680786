/**
 * POST …/transactions/prepare for the send form, as a query: while the user types,
 * the server checks the send the way it will when it is reviewed (TLOS left for
 * the fee, a transfer that would revert) and answers the fee in TLOS and fiat.
 * Nothing is signed here; the review prepares again so the fee shown there is fresh.
 */

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/client';
import { prepareTransaction, type PrepareRequest } from '../../../lib/evm-wallet/api/prepareTransaction';
import { evmNetworkKey } from '../../../lib/api/evm/keys';

export type SendRequest = Extract<PrepareRequest, { kind: 'send' }>;

/** The node's gas price is re-read every 10 s; an estimate older than that is asked again. */
const PREVIEW_FRESH_MS = 10_000;

export const sendPreviewQueryOptions = (network: string, request: SendRequest, fiat: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'send-preview', request.from, request.token ?? null, request.to, request.amount, fiat] as const,
    queryFn: ({ signal }) => prepareTransaction(network, request, fiat, { signal }),
    staleTime: PREVIEW_FRESH_MS,
    // A rejected field will be rejected again; only an unreachable server is worth a second try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });

/** The prepared send for `request`, or idle while the form is not valid yet (`request` null). */
export function useSendPreview(network: string, request: SendRequest | null, fiat: string) {
  return useQuery({
    ...sendPreviewQueryOptions(network, request ?? { kind: 'send', from: '', to: '', amount: '' }, fiat),
    enabled: request !== null,
  });
}
