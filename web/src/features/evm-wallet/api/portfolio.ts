import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { PortfolioView as PortfolioShape } from '../../../lib/api/generated/answerShapes';

export type PortfolioView = Schemas['PortfolioView'];
export type PortfolioRange = 'day' | 'week' | 'month';
export const PORTFOLIO_RANGES: readonly PortfolioRange[] = ['day', 'week', 'month'];

export interface PortfolioRequest {
  readonly network: string;
  readonly address: string;
  readonly range: PortfolioRange;
  readonly fiat: string;
}

/** GET …/accounts/{address}/portfolio: the wallet's value over the period, gaps where no price was known. */
export function fetchPortfolio({ network, address, range, fiat }: PortfolioRequest, options?: RequestOptions): Promise<PortfolioView> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/portfolio', { path: { network, address }, query: { range, fiat } }, PortfolioShape, options);
}

export const portfolioQueryOptions = (request: PortfolioRequest) =>
  queryOptions({
    queryKey: [...evmAccountResourceKey(request.network, request.address, 'portfolio'), request.range, request.fiat] as const,
    queryFn: ({ signal }) => fetchPortfolio(request, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function usePortfolio(request: PortfolioRequest) {
  return useQuery(portfolioQueryOptions(request));
}
