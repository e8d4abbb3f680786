import { describe, expect, it } from 'vitest';
import { ID_1, ID_2, OWNER, plan } from '../model/batchFixtures';
import { checkAnswer } from '../../../lib/api/answerShape';
import { RevokePlan } from '../../../lib/api/generated/answerShapes';
import { fetchRevokePlan } from './revokePlan';

const parseRevokePlan = (json: unknown) => checkAnswer(RevokePlan, json);

describe('the revoke plan answer', () => {
  it('accepts the server shape', () => {
    const parsed = parseRevokePlan(plan([ID_1], [[ID_2, 'already_revoked']]));
    expect(parsed.transactions[0]?.item).toBe(ID_1);
    expect(parsed.skipped[0]?.reason).toBe('already_revoked');
  });

  it('rejects a skip reason it has no words for, and a transaction without a fee', () => {
    const unknown = { ...plan([], [[ID_2, 'already_revoked']]), skipped: [{ item: ID_2, reason: 'bored' }] };
    expect(() => parseRevokePlan(unknown)).toThrow("skipped[0].reason 'bored' is not one of");
    const body = plan([ID_1]);
    const feeless = { ...body, transactions: [{ item: ID_1, transaction: { ...body.transactions[0]?.transaction, fee: null } }] };
    expect(() => parseRevokePlan(feeless)).toThrow('transactions[0].transaction.fee is not an object');
  });
});

describe('fetchRevokePlan', () => {
  it('posts the owner and the batch ids', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      seen.push({ url: typeof input === 'string' ? input : '', body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return Promise.resolve(new Response(JSON.stringify(plan([ID_1])), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    const answer = await fetchRevokePlan({ network: 'telos-evm', owner: OWNER, items: [ID_1, ID_2], fiat: 'USD' }, { fetchImpl });
    expect(answer.transactions).toHaveLength(1);
    expect(seen).toEqual([{ url: '/api/v1/evm/telos-evm/approvals/revoke-plan?fiat=USD', body: { owner: OWNER, items: [ID_1, ID_2] } }]);
  });
});
