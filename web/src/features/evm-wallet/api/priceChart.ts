import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api/client';
import { apiGet, type Schemas } from '../../../lib/api/endpoints';
import { evmNetworkKey } from '../../../lib/api/evm/keys';
import { ChartView as ChartShape } from '../../../lib/api/generated/answerShapes';

export type ChartView = Schemas['ChartView'];

/** GET …/prices/{symbol}/chart: one day of hourly prices with the day's figures. */
export function fetchPriceChart(network: string, symbol: string, fiat: string, options?: RequestOptions): Promise<ChartView> {
  return apiGet('/api/v1/evm/{network}/prices/{symbol}/chart', { path: { network, symbol }, query: { fiat } }, ChartShape, options);
}

export const priceChartQueryOptions = (network: string, symbol: string, fiat: string) =>
  queryOptions({
    queryKey: [...evmNetworkKey(network), 'prices', symbol, 'chart', fiat] as const,
    queryFn: ({ signal }) => fetchPriceChart(network, symbol, fiat, { signal }),
    // Hourly points: a minute-old chart is current enough.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function usePriceChart(network: string, symbol: string, fiat: string) {
  return useQuery(priceChartQueryOptions(network, symbol, fiat));
}
