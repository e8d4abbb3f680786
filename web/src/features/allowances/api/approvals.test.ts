import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../lib/api/answerShape';
import { ApiError } from '../../../lib/api/client';
import { ApprovalList } from '../../../lib/api/generated/answerShapes';
import { DEFAULT_LIST_QUERY } from '../model/listQuery';
import { COLLECTION_ROW, ERC20_ROW, OWNER } from '../model/rowFixtures';
import { fetchApprovals } from './approvals';

const parseApprovals = (json: unknown) => checkAnswer(ApprovalList, json);

const BODY = { address: OWNER, total: 2, approvals: [ERC20_ROW, COLLECTION_ROW], source: 'ownIndex' };

function answering(status: number, body: unknown, urls: string[]): typeof fetch {
  return (input) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  };
}

describe('the approvals answer', () => {
  it('accepts the server shape', () => {
    expect(parseApprovals(BODY).approvals.map((row) => row.type)).toEqual(['erc20', 'erc721']);
  });

  it('rejects a row of an unknown type or without the fields the revoke needs', () => {
    expect(() => parseApprovals({ ...BODY, approvals: [{ ...ERC20_ROW, type: 'erc777' }] })).toThrow("approvals[0].type 'erc777' is not one of erc20");
    expect(() => parseApprovals({ ...BODY, approvals: [{ ...COLLECTION_ROW, collectionAddress: undefined }] })).toThrow('approvals[0]');
    expect(() => parseApprovals({ ...BODY, approvals: [{ ...ERC20_ROW, tokenDecimals: '6' }] })).toThrow('approvals[0].tokenDecimals is not a number');
  });
});

describe('fetchApprovals', () => {
  it('asks the server to filter and sort, and surfaces its errors by code', async () => {
    const urls: string[] = [];
    const fetchImpl = answering(502, { code: 'upstream.unavailable', message: 'No source answered' }, urls);
    const failure = await fetchApprovals(
      { network: 'telos-evm', address: OWNER, query: { ...DEFAULT_LIST_QUERY, type: 'erc20', search: 'swap' }, fiat: 'EUR' },
      { fetchImpl },
    ).catch((error: unknown) => error);
    expect(urls).toEqual([`/api/v1/evm/telos-evm/accounts/${OWNER}/approvals?type=erc20&sort=valueAtRisk&dir=desc&search=swap&fiat=EUR`]);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('upstream.unavailable');
  });
});
