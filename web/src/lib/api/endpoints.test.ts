import { describe, expect, it, vi } from 'vitest';
import type { AnswerShape } from './answerShape';
import { ApiError } from './client';
import { apiGet, apiPost, endpointUrl } from './endpoints';
import { BalancesView, RevokePlan, StatusView } from './generated/answerShapes';

/** Takes any answer: these tests are about the request, not the answer's shape. */
const ANY: AnswerShape<never> = { type: 'any' };

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function answering(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('endpointUrl', () => {
  it('fills the path parameters, encoded, and sends the query in the order it names them', () => {
    expect(endpointUrl('/api/v1/evm/{network}/accounts/{address}/balances', { path: { network: 'telos evm', address: ADDRESS }, query: { fiat: 'EUR', locale: 'de-DE' } })).toBe(
      `/api/v1/evm/telos%20evm/accounts/${ADDRESS}/balances?fiat=EUR&locale=de-DE`,
    );
    expect(endpointUrl('/api/v1/evm/{network}/nfts/{contract}/{tokenId}', { path: { network: 'telos-evm', contract: ADDRESS, tokenId: '1/2' } })).toBe(
      `/api/v1/evm/telos-evm/nfts/${ADDRESS}/1%2F2`,
    );
  });

  it('leaves out query parameters that are not set and writes numbers and booleans as text', () => {
    expect(endpointUrl('/api/v1/evm/{network}/accounts/{address}/nfts', { path: { network: 'n', address: ADDRESS }, query: { offset: 0, limit: 24, search: 'sun rise' } })).toBe(
      `/api/v1/evm/n/accounts/${ADDRESS}/nfts?offset=0&limit=24&search=sun+rise`,
    );
    expect(endpointUrl('/api/v1/evm/{network}/accounts/{address}/approvals', { path: { network: 'n', address: ADDRESS }, query: { includeRevoked: true } })).toBe(
      `/api/v1/evm/n/accounts/${ADDRESS}/approvals?includeRevoked=true`,
    );
    expect(endpointUrl('/api/v1/health', {})).toBe('/api/v1/health');
  });

  it('is checked by the compiler against the OpenAPI document, and at run time for a call cast past it', () => {
    const network = 'telos-evm';
    // Compiled, never run: each call must fail to compile (`npm run typecheck` reports an unused @ts-expect-error).
    const rejectedByTheCompiler = () => [
      // @ts-expect-error no such route
      endpointUrl('/api/v1/evm/{network}/accounts/{address}/balance', { path: { network, address: ADDRESS } }),
      // @ts-expect-error the balances route has no `currency` parameter
      endpointUrl('/api/v1/evm/{network}/accounts/{address}/balances', { path: { network, address: ADDRESS }, query: { currency: 'EUR' } }),
      // @ts-expect-error `limit` is a number
      endpointUrl('/api/v1/evm/{network}/accounts/{address}/nfts', { path: { network, address: ADDRESS }, query: { limit: '24' } }),
      // @ts-expect-error the status route does not answer balances
      apiGet('/api/v1/evm/{network}/status', { path: { network } }, BalancesView),
      // @ts-expect-error the revoke plan's body is documented: `items` is a list
      apiPost('/api/v1/evm/{network}/approvals/revoke-plan', { path: { network }, body: { owner: ADDRESS, items: 'a' } }, RevokePlan),
      // @ts-expect-error the prepare body is documented: a send needs `to`
      apiPost('/api/v1/evm/{network}/transactions/prepare', { path: { network }, query: { fiat: 'USD' }, body: { kind: 'send', from: ADDRESS, amount: '1' } }, ANY),
    ];
    expect(rejectedByTheCompiler).toBeTypeOf('function');
    // @ts-expect-error a path parameter is missing
    expect(() => endpointUrl('/api/v1/evm/{network}/accounts/{address}/balances', { path: { network } })).toThrow('no value for {address}');
  });
});

const STATUS = {
  chainId: 40,
  network: 'telos-evm',
  pricesConfigured: true,
  tokenListLoaded: true,
  source: { network: 'telos-evm', primary: 'rpc', primaryName: 'Network node (rpc.telos.net)', inUse: 'rpc', inUseName: 'Network node (rpc.telos.net)', lists: 'rpc', fallback: 'rpc', everUnhealthy: false },
};

describe('apiGet', () => {
  it('reads the answer through its generated shape and keeps the server error codes', async () => {
    const fetchImpl = answering(STATUS);
    const status = await apiGet('/api/v1/evm/{network}/status', { path: { network: 'telos-evm' } }, StatusView, { fetchImpl });
    expect(status).toEqual(STATUS);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/v1/evm/telos-evm/status');

    const failing = answering({ code: 'network.unknown', message: 'No such network' }, 404);
    const failure = await apiGet('/api/v1/evm/{network}/status', { path: { network: 'x' } }, StatusView, { fetchImpl: failing }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('network.unknown');
  });
});

describe('apiPost', () => {
  it('sends the documented body, or an empty object for a route that documents none', async () => {
    const fetchImpl = answering({});
    await apiPost(
      '/api/v1/evm/{network}/approvals/revoke-plan',
      { path: { network: 'telos-evm' }, query: { fiat: 'USD' }, body: { owner: ADDRESS, items: ['a'] } },
      ANY,
      { fetchImpl },
    );
    await apiPost('/api/v1/evm/{network}/nfts/{contract}/{tokenId}/refresh', { path: { network: 'telos-evm', contract: ADDRESS, tokenId: '1' } }, ANY, {
      fetchImpl,
    });
    const sent = fetchImpl.mock.calls.map(([url, init]) => ({ url, method: init?.method, body: init?.body }));
    expect(sent).toEqual([
      { url: '/api/v1/evm/telos-evm/approvals/revoke-plan?fiat=USD', method: 'POST', body: JSON.stringify({ owner: ADDRESS, items: ['a'] }) },
      { url: `/api/v1/evm/telos-evm/nfts/${ADDRESS}/1/refresh`, method: 'POST', body: '{}' },
    ]);
  });
});
