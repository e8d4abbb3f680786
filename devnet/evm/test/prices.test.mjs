// The recorded price services the assets server plays back (src/prices.mjs): the shapes the
// server's clients read, times shifted to now, addresses of the deployed contracts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startAssetsServer } from '../src/assets-server.mjs';
import { AGGREGATOR_PATH, MARKET_DATA_PATH } from '../src/prices.mjs';

const CONTRACTS = {
  WTLOS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  STLOS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  TUSD: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  GEMS: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
};
const TEN_MINUTES_MS = 10 * 60 * 1000;
let assets;

before(async () => {
  assets = await startAssetsServer();
  assets.setContracts(CONTRACTS);
});

after(async () => {
  await assets?.stop();
});

const get = async (path) => {
  const response = await fetch(`${assets.url}${path}`);
  return { status: response.status, body: await response.json() };
};

test('simple price of TLOS in USD is current and complete', async () => {
  const query = 'ids=telos&vs_currencies=usd&include_market_cap=true&include_24hr_vol=true'
    + '&include_24hr_change=true&include_last_updated_at=true';
  const { status, body } = await get(`${AGGREGATOR_PATH}/simple/price?${query}`);
  assert.equal(status, 200);
  assert.deepEqual(Object.keys(body.telos).sort(),
    ['last_updated_at', 'usd', 'usd_24h_change', 'usd_24h_vol', 'usd_market_cap']);
  assert.equal(body.telos.usd, 0.2345);
  assert.ok(Date.now() - body.telos.last_updated_at * 1000 < TEN_MINUTES_MS);
  const other = await get(`${AGGREGATOR_PATH}/simple/price?ids=telos&vs_currencies=eur`);
  assert.deepEqual(other.body, { telos: {} });
});

test('the one-day chart is hourly and ends now', async () => {
  const { status, body } = await get(`${AGGREGATOR_PATH}/coins/telos/market_chart?vs_currency=usd&days=1`);
  assert.equal(status, 200);
  assert.equal(body.prices.length, 25);
  const times = body.prices.map(([time]) => time);
  assert.ok(times.every((time, i) => i === 0 || time - times[i - 1] === 3600 * 1000));
  assert.ok(Math.abs(Date.now() - times.at(-1)) < 60 * 1000);
  assert.equal((await get(`${AGGREGATOR_PATH}/coins/telos/market_chart?vs_currency=xyz&days=1`)).status, 400);
});

test('the week and month charts are hourly, end now and end with the recorded day', async () => {
  const day = (await get(`${AGGREGATOR_PATH}/coins/telos/market_chart?vs_currency=usd&days=1`)).body.prices;
  for (const [days, length] of [[7, 169], [30, 721]]) {
    const { status, body } = await get(`${AGGREGATOR_PATH}/coins/telos/market_chart?vs_currency=usd&days=${days}`);
    assert.equal(status, 200);
    assert.equal(body.prices.length, length);
    const times = body.prices.map(([time]) => time);
    assert.ok(times.every((time, i) => i === 0 || time - times[i - 1] === 3600 * 1000));
    assert.deepEqual(body.prices.slice(-25).map(([, price]) => price), day.map(([, price]) => price));
  }
  assert.equal((await get(`${AGGREGATOR_PATH}/coins/telos/market_chart?vs_currency=usd&days=3`)).status, 400);
});

test('market data answers the asked symbols with deployed addresses', async () => {
  const { status, body } = await get(`${MARKET_DATA_PATH}/v1/tokens/marketdata?tokens=TUSD,STLOS,TLOS&vs=USD`);
  assert.equal(status, 200);
  assert.equal(body.success, true);
  assert.deepEqual(body.results.map((row) => row.symbol).sort(), ['STLOS', 'TUSD']);
  const tusd = body.results.find((row) => row.symbol === 'TUSD');
  assert.equal(tusd.address, CONTRACTS.TUSD.toLowerCase());
  assert.equal(tusd.price, '1.0002');
  assert.equal(tusd.decimals, 6);
  assert.ok(Date.now() - tusd.updated < TEN_MINUTES_MS);
  const eur = await get(`${MARKET_DATA_PATH}/v1/tokens/marketdata?tokens=TUSD&vs=EUR`);
  assert.deepEqual(eur.body.results, []);
});
