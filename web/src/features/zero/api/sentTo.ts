import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet } from '../../../lib/api/endpoints';
import { HistoryPageView as HistoryPageViewShape } from '../../../lib/api/generated/answerShapes';
import type { ChainHistory } from '../../../lib/address-book/RecipientAssist';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** Transfers read to decide: the account's transfers that notified the recipient, newest first. */
const SEARCHED = 100;

/**
 * Whether `account` has transferred tokens to `recipient` before, from its history on the
 * chain: its `transfer` actions that notified the recipient (those it sent and those it
 * received from it), of which one must go from the account to the recipient.
 */
export async function fetchNativeSentBefore(network: string, account: string, recipient: string, options?: RequestOptions): Promise<ChainHistory> {
  const page = await apiGet(
    '/api/v1/native/{network}/accounts/{account}/history',
    { path: { network, account }, query: { limit: SEARCHED, skip: 0, actName: 'transfer', notified: recipient } },
    HistoryPageViewShape,
    options,
  );
  const sent = page.actions.some((action) => {
    const data = action.data as { from?: unknown; to?: unknown } | null;
    return typeof data === 'object' && data !== null && data.from === account && data.to === recipient;
  });
  if (sent) return 'sent';
  return page.total <= page.actions.length ? 'not_sent' : 'unknown';
}

export const nativeSentBeforeQueryOptions = (network: string, account: string, recipient: string) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'sent-to', account, recipient] as const,
    queryFn: ({ signal }) => fetchNativeSentBefore(network, account, recipient, { signal }),
    staleTime: 60_000,
    retry: 1,
  });

/** RecipientAssist's chain history for a native recipient: asked once `recipient` is a valid account name. */
export function useNativeSentBefore(network: string, account: string, recipient: string | null): ChainHistory {
  const query = useQuery({ ...nativeSentBeforeQueryOptions(network, account, recipient ?? ''), enabled: recipient !== null });
  if (recipient === null || query.isError) return 'unknown';
  return query.data ?? 'loading';
}
