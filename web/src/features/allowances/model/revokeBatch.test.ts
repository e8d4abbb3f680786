import { describe, expect, it } from 'vitest';
import { ID_1, ID_2, ID_3, ID_4, plan } from './batchFixtures';
import {
  batchReducer,
  isBusy,
  nextToSend,
  nothingToSend,
  planningState,
  plannedFeeWei,
  progress,
  type BatchEvent,
  type BatchState,
} from './revokeBatch';

function run(state: BatchState, ...events: BatchEvent[]): BatchState {
  return events.reduce(batchReducer, state);
}

const SUCCESS = { hash: '0xa', status: 'success', blockNumber: 9n, gasUsed: 1n } as const;

describe('planning', () => {
  it('lays the plan over the selection in the order shown, skipped items in place with their reason', () => {
    const state = run(planningState([ID_1, ID_2, ID_3]), { type: 'planned', plan: plan([ID_1, ID_3], [[ID_2, 'already_revoked']]) });
    expect(state.phase).toBe('ready');
    expect(state.items.map((item) => [item.id, item.status.kind])).toEqual([
      [ID_1, 'queued'],
      [ID_2, 'skipped'],
      [ID_3, 'queued'],
    ]);
    expect(state.items[1]?.status).toEqual({ kind: 'skipped', reason: 'already_revoked', detail: null });
    expect(plannedFeeWei(state)).toBe(3000n);
    expect(progress(state)).toMatchObject({ total: 2, current: null, done: 0 });
    expect(nothingToSend(state)).toBe(false);
  });

  it('says when nothing is left to revoke', () => {
    const state = run(planningState([ID_1]), { type: 'planned', plan: plan([], [[ID_1, 'already_revoked']]) });
    expect(nothingToSend(state)).toBe(true);
    expect(plannedFeeWei(state)).toBe(0n);
  });

  it('marks an item the server left out as unreadable rather than dropping it', () => {
    const state = run(planningState([ID_1, ID_2]), { type: 'planned', plan: plan([ID_1]) });
    expect(state.items[1]?.status).toMatchObject({ kind: 'skipped', reason: 'read_failed' });
  });

  it('keeps the reason a plan failed, and the selection to try again with', () => {
    const state = run(planningState([ID_1]), { type: 'plan_failed', cause: 'The server could not be reached' });
    expect(state).toMatchObject({ phase: 'plan_failed', planError: 'The server could not be reached', selection: [ID_1] });
    expect(isBusy(state)).toBe(false);
    expect(isBusy(planningState([ID_1]))).toBe(true);
  });
});

describe('running', () => {
  const ready = run(planningState([ID_1, ID_2, ID_3, ID_4]), {
    type: 'planned',
    plan: plan([ID_1, ID_3, ID_4], [[ID_2, 'not_owner']]),
  });

  it('goes through one item at a time: check, sign, pending, confirmed', () => {
    let state = run(ready, { type: 'start' });
    expect(nextToSend(state)).toBe(ID_1);
    state = run(state, { type: 'checking', id: ID_1 });
    expect(progress(state)).toMatchObject({ current: 1, currentId: ID_1, total: 3 });
    state = run(state, { type: 'signing', id: ID_1 }, { type: 'sent', id: ID_1, hash: '0xa' });
    expect(state.items[0]?.status).toEqual({ kind: 'pending', hash: '0xa' });
    state = run(state, { type: 'mined', id: ID_1, receipt: SUCCESS });
    expect(state.items[0]?.status).toEqual({ kind: 'confirmed', hash: '0xa', blockNumber: 9n });
    expect(nextToSend(state)).toBe(ID_3);
    expect(progress(state)).toMatchObject({ current: null, done: 1, confirmed: 1 });
  });

  it('ignores events out of order (a receipt for an item not sent)', () => {
    const state = run(ready, { type: 'start' });
    expect(run(state, { type: 'mined', id: ID_1, receipt: SUCCESS })).toBe(state);
    expect(run(state, { type: 'sent', id: ID_1, hash: '0xa' })).toBe(state);
    expect(run(ready, { type: 'checking', id: ID_1 })).toBe(ready);
  });

  it('records a revert on its row and goes on with the next item', () => {
    const state = run(
      ready,
      { type: 'start' },
      { type: 'checking', id: ID_1 },
      { type: 'signing', id: ID_1 },
      { type: 'sent', id: ID_1, hash: '0xa' },
      { type: 'mined', id: ID_1, receipt: { ...SUCCESS, status: 'reverted' } },
    );
    expect(state.items[0]?.status).toEqual({ kind: 'reverted', hash: '0xa' });
    expect(nextToSend(state)).toBe(ID_3);
    expect(progress(state).reverted).toBe(1);
  });

  it('stops after a rejection, and the rest is not sent', () => {
    let state = run(ready, { type: 'start' }, { type: 'checking', id: ID_1 }, { type: 'signing', id: ID_1 });
    state = run(state, { type: 'rejected', id: ID_1, message: 'wallet.error.USER_REJECTED' });
    expect(nextToSend(state)).toBeNull();
    state = run(state, { type: 'finish' });
    expect(state.outcome).toBe('rejected');
    expect(state.items.map((item) => item.status.kind)).toEqual(['rejected', 'skipped', 'not_sent', 'not_sent']);
  });

  it('stops after a failure, keeping the hash of a sent transaction', () => {
    let state = run(ready, { type: 'start' }, { type: 'checking', id: ID_1 }, { type: 'signing', id: ID_1 }, { type: 'sent', id: ID_1, hash: '0xa' });
    state = run(state, { type: 'failed', id: ID_1, cause: 'No receipt', details: null }, { type: 'finish' });
    expect(state.items[0]?.status).toEqual({ kind: 'failed', cause: 'No receipt', details: null, hash: '0xa' });
    expect(state.outcome).toBe('failed');
  });

  it('on cancel, lets the item in the wallet finish and sends nothing after it', () => {
    let state = run(ready, { type: 'start' }, { type: 'checking', id: ID_1 }, { type: 'signing', id: ID_1 }, { type: 'cancel' });
    expect(state.cancelRequested).toBe(true);
    expect(isBusy(state)).toBe(true);
    state = run(state, { type: 'sent', id: ID_1, hash: '0xa' }, { type: 'mined', id: ID_1, receipt: SUCCESS });
    expect(state.items[0]?.status.kind).toBe('confirmed');
    expect(nextToSend(state)).toBeNull();
    state = run(state, { type: 'finish' });
    expect(state.outcome).toBe('cancelled');
    expect(state.items.map((item) => item.status.kind)).toEqual(['confirmed', 'skipped', 'not_sent', 'not_sent']);
    expect(progress(state)).toMatchObject({ confirmed: 1, done: 3, total: 3 });
  });

  it('calls a batch completed when cancel came during the last item', () => {
    const state = run(
      run(planningState([ID_1]), { type: 'planned', plan: plan([ID_1]) }),
      { type: 'start' },
      { type: 'checking', id: ID_1 },
      { type: 'signing', id: ID_1 },
      { type: 'cancel' },
      { type: 'sent', id: ID_1, hash: '0xa' },
      { type: 'mined', id: ID_1, receipt: SUCCESS },
      { type: 'finish' },
    );
    expect(state.outcome).toBe('completed');
  });

  it('counts an item skipped at re-check as done', () => {
    const state = run(ready, { type: 'start' }, { type: 'checking', id: ID_1 }, { type: 'skipped', id: ID_1, reason: 'already_revoked', detail: 'gone' });
    expect(progress(state)).toMatchObject({ done: 1, confirmed: 0, current: null });
    expect(nextToSend(state)).toBe(ID_3);
  });

  it('cannot be cancelled before it starts or after it finished', () => {
    expect(run(ready, { type: 'cancel' })).toBe(ready);
    const finished = run(ready, { type: 'start' }, { type: 'finish' });
    expect(run(finished, { type: 'cancel' })).toBe(finished);
  });
});
