import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAnswer } from '../answerShape';
import { ApiError } from '../client';
import { BalancesView } from '../generated/answerShapes';
import { confirmedWrites } from './accountWrites';
import { evmBalancesQueryOptions, fetchEvmBalances } from './balances';

const parseBalances = (json: unknown) => checkAnswer(BalancesView, json);

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
      spam: { likely: false, reasons: [] },
      token: { id: 'TLOS', decimals: 18, isNative: true, isSystem: true, name: 'Telos', symbol: 'TLOS', type: 'native' },
    },
  ],
};

describe('the balances answer', () => {
  it('accepts the server shape', () => {
    expect(parseBalances(BODY).balances[0]?.token.symbol).toBe('TLOS');
  });
  it('rejects a row without an exact amount', () => {
    const broken = { ...BODY, balances: [{ ...BODY.balances[0], amount: { formatted: '1.5' } }] };
    expect(() => parseBalances(broken)).toThrow('balances[0].amount.value is missing');
  });

  // From the wrap screen's own copy of this endpoint: the fields it reads.
  it('checks the balance rows wrap and staking read', () => {
    const [row] = BODY.balances;
    expect(parseBalances({ ...BODY, balances: [row] }).balances).toHaveLength(1);
    expect(() => parseBalances({ ...BODY, fetchedMs: undefined })).toThrow('fetchedMs');
    expect(() => parseBalances({ ...BODY, balances: [{ ...row, amount: { ...AMOUNT, value: 1.5 } }] })).toThrow('balances[0].amount.value');
    expect(() => parseBalances({ ...BODY, balances: [{ ...row, amount: { ...AMOUNT, decimals: '18' } }] })).toThrow('balances[0].amount.decimals');
    expect(() => parseBalances({ ...BODY, balances: [{ ...row, token: { ...row?.token, isNative: 'yes' } }] })).toThrow('balances[0].token.isNative');
  });
});

describe('fetchEvmBalances', () => {
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
    const failure = await fetchEvmBalances('telos-evm', BODY.address, 'EUR', { fetchImpl }).catch((error: unknown) => error);
    expect(urls).toEqual([`/api/v1/evm/telos-evm/accounts/${BODY.address}/balances?fiat=EUR`]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('upstream.unavailable');
  });
});

describe('evmBalancesQueryOptions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const intervalAfterRead = (options: ReturnType<typeof evmBalancesQueryOptions>, fetchedMs: number) => {
    const refetchInterval = options.refetchInterval;
    if (typeof refetchInterval !== 'function') throw new Error('the interval depends on the answer');
    return refetchInterval({ state: { data: { ...BODY, fetchedMs } } } as unknown as Parameters<typeof refetchInterval>[0]);
  };

  it('is one entry per account and currency, whichever screen asks and however the address is written', () => {
    expect(evmBalancesQueryOptions('telos-evm', BODY.address, 'EUR').queryKey).toEqual(
      evmBalancesQueryOptions('telos-evm', BODY.address.toLowerCase(), 'EUR').queryKey,
    );
    expect(evmBalancesQueryOptions('telos-evm', BODY.address, 'EUR').queryKey).toEqual(['evm', 'telos-evm', 'accounts', BODY.address.toLowerCase(), 'balances', 'EUR']);
  });

  it('refreshes every 10 s, and every 2 s after a confirmed write until the server read them after it', () => {
    vi.useFakeTimers({ now: 100_000 });
    const address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    const options = evmBalancesQueryOptions('telos-evm', address, 'USD');
    expect(intervalAfterRead(options, 90_000)).toBe(10_000);
    confirmedWrites.record('telos-evm', address, 95_000);
    expect(intervalAfterRead(options, 90_000)).toBe(2_000);
    expect(intervalAfterRead(options, 96_000)).toBe(10_000);
    vi.advanceTimersByTime(30_000);
    expect(intervalAfterRead(options, 90_000)).toBe(10_000);
  });
});
