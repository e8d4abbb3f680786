import { describe, expect, it } from 'vitest';
import { AnswerShapeError, checkAnswer, type AnswerShape, type Shape } from './answerShape';
import { Effect, RevokePlan } from './generated/answerShapes';

const AMOUNT: Shape = {
  type: 'object',
  properties: { value: { type: 'string' }, decimals: { type: 'integer' }, share: { type: 'number', minimum: 0, maximum: 1 } },
  required: ['value', 'decimals'],
};
const ROW: AnswerShape<unknown> = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['erc20', 'erc721'] },
    amount: { type: 'ref', name: 'Amount', to: () => AMOUNT },
    note: { type: 'string', nullable: true },
    tags: { type: 'array', items: { type: 'string' } },
    owners: { type: 'map', values: { type: 'string' } },
    point: { type: 'tuple', items: [{ type: 'integer' }, { type: 'string' }] },
  },
  required: ['kind', 'amount'],
};

describe('checkAnswer', () => {
  it('lets a documented answer through as it is, with fields the document does not name', () => {
    const answer = { kind: 'erc20', amount: { value: '1.5', decimals: 6 }, note: null, tags: ['a'], owners: { x: '1' }, point: [1, '0.2'], later: true };
    expect(checkAnswer(ROW, answer)).toBe(answer);
  });

  it('names the first field that differs from the document', () => {
    const amount = { value: '1.5', decimals: 6 };
    const cases: [unknown, string][] = [
      [[], 'row is not an object'],
      [{ amount }, 'kind is missing'],
      [{ kind: 'erc777', amount }, "kind 'erc777' is not one of erc20, erc721"],
      [{ kind: 'erc20', amount: { value: 1.5, decimals: 6 } }, 'amount.value is not a string'],
      [{ kind: 'erc20', amount: { value: '1', decimals: 1.5 } }, 'amount.decimals is not a whole number'],
      [{ kind: 'erc20', amount: { ...amount, share: 2 } }, 'amount.share is above 1'],
      [{ kind: 'erc20', amount: { ...amount, share: -1 } }, 'amount.share is below 0'],
      [{ kind: 'erc20', amount, note: 3 }, 'note is not a string'],
      [{ kind: 'erc20', amount, tags: ['a', 2] }, 'tags[1] is not a string'],
      [{ kind: 'erc20', amount, owners: [] }, 'owners is not a map'],
      [{ kind: 'erc20', amount, owners: { x: 1 } }, 'owners.x is not a string'],
      [{ kind: 'erc20', amount, point: [1] }, 'point is not a list of 2'],
      [{ kind: 'erc20', amount, point: ['1', '0.2'] }, 'point[0] is not a number'],
    ];
    for (const [answer, message] of cases) {
      expect(() => checkAnswer(ROW, answer, 'row')).toThrow(new AnswerShapeError(message));
    }
  });

  it('reads a tagged union by its tag, and names a tag it does not know', () => {
    const send = { action: 'send', asset: { address: null, symbol: 'TLOS', name: null }, amount: '1', to: '0x1' };
    expect(checkAnswer(Effect, send)).toBe(send);
    expect(() => checkAnswer(Effect, { ...send, to: 5 })).toThrow('to is not a string');
    expect(() => checkAnswer(Effect, { ...send, action: 'burn' })).toThrow("action 'burn' is not one of send, nftTransfer");
  });

  it('checks lists of generated shapes item by item', () => {
    const plan = { owner: '0x1', transactions: [], skipped: [{ item: 'a', reason: 'already_revoked' }, { item: 'b', reason: 'bored' }] };
    expect(() => checkAnswer(RevokePlan, plan)).toThrow("skipped[1].reason 'bored' is not one of duplicate, already_revoked");
  });
});
