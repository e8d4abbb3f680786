import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { checkIndexFields } from '../../../lib/api/evm/coverage';
import { evmAccountResourceKey } from '../../../lib/api/evm/keys';
import { expectArray, expectRecord } from '../../../lib/api/shape';

export type PortfolioView = Schemas['PortfolioView'];
export type PortfolioRange = 'day' | 'week' | 'month';
export const PORTFOLIO_RANGES: readonly PortfolioRange[] = ['day', 'week', 'month'];

/** GET …/accounts/{address}/portfolio: the wallet's value over the period, gaps where no price was known. */
export function parsePortfolio(json: unknown): PortfolioView {
  const view = expectRecord(json, 'portfolio');
  checkIndexFields(view);
  expectArray(view.points, 'points').forEach((point, index) => {
    const item = expectRecord(point, `points[${index}]`);
    if (typeof item.time !== 'number') throw new Error(`points[${index}].time is not a number`);
    if (item.value !== null && typeof item.value !== 'string') throw new Error(`points[${index}].value is not text or null`);
  });
  expectArray(view.notCounted, 'notCounted');
  expectArray(view.counted, 'counted');
  return view as PortfolioView;
}

export interface PortfolioRequest {
  readonly network: string;
  readonly address: string;
  readonly range: PortfolioRange;
  readonly fiat: string;
}

export function fetchPortfolio({ network, address, range, fiat }: PortfolioRequest, options?: RequestOptions): Promise<PortfolioView> {
  return apiGet('/api/v1/evm/{network}/accounts/{address}/portfolio', { path: { network, address }, query: { range, fiat } }, parsePortfolio, options);
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
