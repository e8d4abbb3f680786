import { describe, expect, it } from 'vitest';
import { endpointUrl } from '../../../lib/api/endpoints';
import { DEFAULT_LIST_QUERY, isFiltered, readListQuery, serverQuery, SORT_KEYS, writeListQuery, type ApprovalsServerQuery } from './listQuery';

/** The query string the server gets. */
function queryText(query: ApprovalsServerQuery): string {
  return new URL(endpointUrl('/api/v1/evm/{network}/accounts/{address}/approvals', { path: { network: 'n', address: 'a' }, query }), 'http://x').search.slice(1);
}

describe('readListQuery', () => {
  it('reads the defaults from an empty URL: every type, value at risk first, revoked hidden', () => {
    expect(readListQuery(new URLSearchParams())).toEqual(DEFAULT_LIST_QUERY);
  });

  it('reads every setting back', () => {
    const query = readListQuery(new URLSearchParams('type=erc1155&sort=spender&dir=asc&q=%20swap%20&revoked=1'));
    expect(query).toEqual({ type: 'erc1155', sort: 'spender', dir: 'asc', search: 'swap', includeRevoked: true });
  });

  it('falls back to the defaults for values it does not know', () => {
    const query = readListQuery(new URLSearchParams('type=erc777&sort=price&dir=sideways&revoked=yes'));
    expect(query).toEqual(DEFAULT_LIST_QUERY);
  });

  it('offers the six sort orders of the server', () => {
    expect(SORT_KEYS).toEqual(['valueAtRisk', 'amount', 'date', 'token', 'spender', 'type']);
  });
});

describe('writeListQuery', () => {
  it('writes changes, leaves defaults out, and keeps other parameters', () => {
    const params = writeListQuery(new URLSearchParams('other=1&type=erc20'), { sort: 'date', search: 'gems', includeRevoked: true });
    expect(params.toString()).toBe('other=1&type=erc20&sort=date&q=gems&revoked=1');
    expect(writeListQuery(params, { type: null, sort: 'valueAtRisk', search: '  ', includeRevoked: false }).toString()).toBe('other=1');
  });

  it('round-trips through readListQuery', () => {
    const query = { type: 'erc721', sort: 'token', dir: 'asc', search: 'Tandem Art', includeRevoked: true } as const;
    expect(readListQuery(writeListQuery(new URLSearchParams(), query))).toEqual(query);
  });
});

describe('serverQuery', () => {
  it('names the server parameters and always sends the sort, direction and fiat currency', () => {
    expect(queryText(serverQuery(DEFAULT_LIST_QUERY, 'USD'))).toBe('sort=valueAtRisk&dir=desc&fiat=USD');
    const query = { type: 'erc20', sort: 'amount', dir: 'asc', search: '0xa513', includeRevoked: true } as const;
    expect(queryText(serverQuery(query, 'EUR'))).toBe('type=erc20&sort=amount&dir=asc&search=0xa513&includeRevoked=true&fiat=EUR');
  });
});

describe('isFiltered', () => {
  it('is true when a type or a search narrows the list', () => {
    expect(isFiltered(DEFAULT_LIST_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_QUERY, includeRevoked: true })).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_QUERY, type: 'erc20' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_QUERY, search: 'x' })).toBe(true);
  });
});
