import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, type RequestOptions } from '../../../lib/api/client';
import { EVM_QUERY_ROOT, evmPath, expectArray, expectRecord, expectString, type Schemas } from './evmApi';

export type ChartView = Schemas['ChartView'];

/** GET …/prices/{symbol}/chart: one day of hourly prices with the day's figures. */
export function parseChart(json: unknown): ChartView {
  const view = expectRecord(json, 'chart');
  expectString(view.symbol, 'symbol');
  expectString(view.tokenPrice, 'tokenPrice');
  expectArray(view.prices, 'prices').forEach((point, index) => {
    const pair = expectArray(point, `prices[${index}]`);
    if (typeof pair[0] !== 'number' && typeof pair[0] !== 'string') throw new Error(`prices[${index}] has no time`);
    expectString(pair[1], `prices[${index}][1]`);
  });
  return view as ChartView;
}

export function fetchPriceChart(network: string, symbol: string, fiat: string, options?: RequestOptions): Promise<ChartView> {
  const query = new URLSearchParams({ fiat });
  return getJson(evmPath(network, `prices/${encodeURIComponent(symbol)}/chart?${query.toString()}`), parseChart, options);
}

export const priceChartQueryOptions = (network: string, symbol: string, fiat: string) =>
  queryOptions({
    queryKey: [EVM_QUERY_ROOT, network, 'chart', symbol, fiat] as const,
    queryFn: ({ signal }) => fetchPriceChart(network, symbol, fiat, { signal }),
    // Hourly points: a minute-old chart is current enough.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function usePriceChart(network: string, symbol: string, fiat: string) {
  return useQuery(priceChartQueryOptions(network, symbol, fiat));
}
