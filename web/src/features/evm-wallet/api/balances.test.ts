import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { fetchBalances, parseBalances } from './balances';

const AMOUNT = { decimals: 18, formatted: '1.5', raw: '1500000000000000000', value: '1.5' };
const BODY = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  network: 'telos-evm-devnet',
  fiat: 'EUR',
  locale: 'en-US',
  fetchedMs: 1,
  source: 'ownIndex',
  totalFiatValue: { decimals: 18, formatted: '0.30', raw: '300000000000000000', value: '0.3' },
  balances: [
    {
      amount: AMOUNT,
      price: '0.2',
      priceAvailable: true,
      priceSource: 'aggregator',
      fiatValue: { decimals: 18, formatted: '0.30', raw: '300000000000000000', value: '0.3' },
      token: { id: 'TLOS', decimals: 18, isNative: true, isSystem: true, name: 'Telos', symbol: 'TLOS', type: 'native' },
    },
  ],
};

describe('parseBalances', () => {
  it('accepts the server shape', () => {
    expect(parseBalances(BODY).balances[0]?.token.symbol).toBe('TLOS');
  });
  it('rejects a row without an exact amount', () => {
    const broken = { ...BODY, balances: [{ ...BODY.balances[0], amount: { formatted: '1.5' } }] };
    expect(() => parseBalances(broken)).toThrow('balances[0].amount.value is not a string');
  });
});

describe('fetchBalances', () => {
  it('asks for the chosen fiat currency and surfaces server errors by code', async () => {
    const urls: string[] = [];
    const fetchImpl: typeof fetch = (input) => {
      urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return Promise.resolve(
        new Response(JSON.stringify({ code: 'upstream.unavailable', message: 'No source answered' }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        }),
      );
    };
    const failure = await fetchBalances('telos-evm', BODY.address, 'EUR', { fetchImpl }).catch((error: unknown) => error);
    expect(urls).toEqual([`/api/v1/evm/telos-evm/accounts/${BODY.address}/balances?fiat=EUR`]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('upstream.unavailable');
  });
});
