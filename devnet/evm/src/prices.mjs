// Recorded price-service answers for the devnet, which has no price service of its own: a
// CoinGecko-style aggregator (simple price and hourly charts of TLOS in USD over 1, 7 and 30 days) and
// Teloscan-style market data (TUSD, GEMS, WTLOS, STLOS). The server reads them through the same
// clients it uses against the real services. Times are shifted so the newest point is "now" (a
// price only counts while it is less than 10 minutes old); addresses are the deployed contracts'.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRICES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'prices');
/** Base path of the recorded aggregator (the manifest's `priceAggregatorUrl`). */
export const AGGREGATOR_PATH = '/prices/aggregator';
/** Base path of the recorded market data (the manifest's `marketDataUrl`). */
export const MARKET_DATA_PATH = '/prices/indexer';
const RECORDED_CURRENCY = 'usd';
const COIN = 'telos';

const recorded = (name) => JSON.parse(readFileSync(join(PRICES_DIR, name), 'utf8'));
const SIMPLE_PRICE = recorded('aggregator-simple-price-telos-usd.json');
const MARKET_CHART = recorded('aggregator-market-chart-telos-usd.json');
// The week and month series end with the recorded day; their earlier hours are generated
// (a seeded walk, devnet/evm/assets/prices/README.md), since no longer recording is kept.
const MARKET_CHARTS = {
  1: MARKET_CHART,
  7: recorded('aggregator-market-chart-telos-usd-7d.json'),
  30: recorded('aggregator-market-chart-telos-usd-30d.json'),
};
const MARKET_DATA = recorded('indexer-marketdata-usd.json');

function simplePrice(params, now) {
  const ids = (params.get('ids') ?? '').split(',');
  const currencies = (params.get('vs_currencies') ?? '').toLowerCase().split(',');
  if (!ids.includes(COIN)) return { status: 200, body: {} };
  if (!currencies.includes(RECORDED_CURRENCY)) return { status: 200, body: { [COIN]: {} } };
  const coin = { ...SIMPLE_PRICE[COIN], last_updated_at: Math.floor(now / 1000) - 20 };
  return { status: 200, body: { [COIN]: coin } };
}

function marketChart(params, now) {
  if ((params.get('vs_currency') ?? '').toLowerCase() !== RECORDED_CURRENCY) {
    return { status: 400, body: { error: 'invalid vs_currency' } };
  }
  const chart = MARKET_CHARTS[Number(params.get('days') ?? '1')];
  if (chart === undefined) return { status: 400, body: { error: 'the devnet records 1, 7 and 30 days' } };
  const series = chart.prices;
  const shift = now - series[series.length - 1][0];
  const moved = (points) => points.map(([time, value]) => [time + shift, value]);
  return {
    status: 200,
    body: {
      prices: moved(chart.prices),
      market_caps: moved(chart.market_caps),
      total_volumes: moved(chart.total_volumes),
    },
  };
}

function marketData(params, now, contracts) {
  const wanted = new Set((params.get('tokens') ?? '').toUpperCase().split(',').filter(Boolean));
  const currency = (params.get('vs') ?? '').toLowerCase();
  const rows = currency !== RECORDED_CURRENCY ? [] : MARKET_DATA.results
    .filter((row) => wanted.has(row.symbol) && contracts?.[row.symbol])
    .map((row) => ({ ...row, address: contracts[row.symbol].toLowerCase(), updated: now - 2000 }));
  return { status: 200, body: { success: true, results: rows } };
}

/**
 * The recorded answer for `path` (with its query `params`), or null when the path is not a price
 * route. `contracts` maps symbols to deployed addresses (null before deployment).
 */
export function priceAnswer(path, params, contracts, now = Date.now()) {
  if (path === `${AGGREGATOR_PATH}/simple/price`) return simplePrice(params, now);
  if (path === `${AGGREGATOR_PATH}/coins/${COIN}/market_chart`) return marketChart(params, now);
  if (path === `${MARKET_DATA_PATH}/v1/tokens/marketdata`) return marketData(params, now, contracts);
  return null;
}
