import { queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { RamQuoteView as RamQuoteViewShape } from '../../../lib/api/generated/answerShapes';
import { NATIVE_QUERY_ROOT } from './nativeApi';

/** GET …/ram-quote: what buying RAM for a quantity, or selling bytes, books now (the contract's price and 0.5 % fee). */
export type RamQuote = Schemas['RamQuoteView'];

/** `buy`: plain decimal text of the system token; `sell`: bytes. */
export type RamTrade = { readonly buy: string } | { readonly sell: number };

export function fetchRamQuote(network: string, trade: RamTrade, options?: RequestOptions): Promise<RamQuote> {
  return apiGet('/api/v1/native/{network}/ram-quote', { path: { network }, query: trade }, RamQuoteViewShape, options);
}

/** A quote is asked for at review time and never reused: the market moves with every trade. */
export const ramQuoteQueryOptions = (network: string, trade: RamTrade) =>
  queryOptions({
    queryKey: [NATIVE_QUERY_ROOT, network, 'ram-quote', trade] as const,
    queryFn: ({ signal }) => fetchRamQuote(network, trade, { signal }),
    staleTime: 0,
  });
