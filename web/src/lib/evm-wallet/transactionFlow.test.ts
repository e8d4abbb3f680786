import { describe, expect, it } from 'vitest';
import { failureMessage, flowReducer, IDLE, isBusy, type FlowEvent, type FlowState } from './transactionFlow';
import type { PreparedTransaction, Receipt } from './transactions';

const HASH = `0x${'cd'.repeat(32)}`;

const PREPARED: PreparedTransaction = {
  kind: 'send',
  chainId: 41,
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  data: '0x',
  value: '1000000000000000000',
  gas: '21000',
  gasLimit: '25200',
  gasPrice: '500000000000',
  fee: { amount: '0.0126', wei: '12600000000000000', symbol: 'TLOS', fiat: null, fiatCurrency: 'USD' },
  effect: { action: 'send', asset: { address: null, symbol: 'TLOS', name: null }, amount: '1', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  grantsApproval: false,
  warnings: [],
};

const MINED: Receipt = { hash: HASH, status: 'success', blockNumber: 12n, gasUsed: 21_000n };
const REVERTED: Receipt = { ...MINED, status: 'reverted' };

const PREPARING: FlowState = { phase: 'preparing' };
const REVIEW: FlowState = { phase: 'review', prepared: PREPARED };
const SIGNING: FlowState = { phase: 'signing', prepared: PREPARED };
const PENDING: FlowState = { phase: 'pending', prepared: PREPARED, hash: HASH };
const CONFIRMED: FlowState = { phase: 'confirmed', prepared: PREPARED, hash: HASH, receipt: MINED };
const FAILED: FlowState = { phase: 'failed', prepared: PREPARED, hash: null, message: { text: 'no' }, details: null };

const ALL: FlowState[] = [IDLE, PREPARING, REVIEW, SIGNING, PENDING, CONFIRMED, FAILED];

/** The states an event must leave untouched. */
function ignoredIn(event: FlowEvent, except: FlowState[]) {
  return ALL.filter((state) => !except.includes(state)).map((state) => [state.phase, state, event] as const);
}

describe('flowReducer', () => {
  it('runs the happy path: prepare → review → sign → pending → confirmed', () => {
    const events: FlowEvent[] = [
      { type: 'prepare' },
      { type: 'prepared', prepared: PREPARED },
      { type: 'sign' },
      { type: 'sent', hash: HASH },
      { type: 'mined', receipt: MINED },
    ];
    const phases: string[] = [];
    let state: FlowState = IDLE;
    for (const event of events) {
      state = flowReducer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['preparing', 'review', 'signing', 'pending', 'confirmed']);
    expect(state).toEqual(CONFIRMED);
  });

  describe('prepare', () => {
    it.each([IDLE, PREPARING, REVIEW, CONFIRMED, FAILED].map((state) => [state.phase, state] as const))('starts over from %s', (_phase, state) => {
      expect(flowReducer(state, { type: 'prepare' })).toEqual(PREPARING);
    });

    it.each([SIGNING, PENDING].map((state) => [state.phase, state] as const))('cannot drop a transaction that is %s', (_phase, state) => {
      expect(flowReducer(state, { type: 'prepare' })).toBe(state);
    });
  });

  it('shows the review once prepared', () => {
    expect(flowReducer(PREPARING, { type: 'prepared', prepared: PREPARED })).toEqual(REVIEW);
  });

  it.each(ignoredIn({ type: 'prepared', prepared: PREPARED }, [PREPARING]))('ignores a late preparation in %s', (_phase, state, event) => {
    expect(flowReducer(state, event)).toBe(state);
  });

  it('signs only from the review', () => {
    expect(flowReducer(REVIEW, { type: 'sign' })).toEqual(SIGNING);
  });

  it.each(ignoredIn({ type: 'sign' }, [REVIEW]))('does not sign from %s', (_phase, state, event) => {
    expect(flowReducer(state, event)).toBe(state);
  });

  it('waits for the receipt once the wallet sent it', () => {
    expect(flowReducer(SIGNING, { type: 'sent', hash: HASH })).toEqual(PENDING);
  });

  it.each(ignoredIn({ type: 'sent', hash: HASH }, [SIGNING]))('ignores a hash in %s', (_phase, state, event) => {
    expect(flowReducer(state, event)).toBe(state);
  });

  it('confirms a successful receipt', () => {
    expect(flowReducer(PENDING, { type: 'mined', receipt: MINED })).toEqual(CONFIRMED);
  });

  it('fails a reverted receipt, keeping the hash and saying which block', () => {
    expect(flowReducer(PENDING, { type: 'mined', receipt: REVERTED })).toEqual({
      phase: 'failed',
      prepared: PREPARED,
      hash: HASH,
      message: { key: 'tx.reverted' },
      details: `Transaction ${HASH} was mined in block 12 with status 0 (reverted).`,
    });
  });

  it.each(ignoredIn({ type: 'mined', receipt: MINED }, [PENDING]))('ignores a receipt in %s', (_phase, state, event) => {
    expect(flowReducer(state, event)).toBe(state);
  });

  it('goes back to the review when the user rejects in the wallet (nothing was sent)', () => {
    expect(flowReducer(SIGNING, { type: 'cancelled' })).toEqual(REVIEW);
  });

  it.each(ignoredIn({ type: 'cancelled' }, [SIGNING]))('ignores a cancellation in %s', (_phase, state, event) => {
    expect(flowReducer(state, event)).toBe(state);
  });

  describe('failed', () => {
    const event: FlowEvent = { type: 'failed', message: { key: 'tx.prepare_failed', values: { cause: 'Balance too low' } }, details: 'raw' };

    it('keeps nothing when preparing failed', () => {
      expect(flowReducer(PREPARING, event)).toEqual({ phase: 'failed', prepared: null, hash: null, message: event.message, details: 'raw' });
      expect(flowReducer(IDLE, event)).toMatchObject({ prepared: null, hash: null });
    });

    it('keeps the prepared transaction when signing failed', () => {
      expect(flowReducer(SIGNING, event)).toEqual({ phase: 'failed', prepared: PREPARED, hash: null, message: event.message, details: 'raw' });
      expect(flowReducer(REVIEW, event)).toMatchObject({ prepared: PREPARED, hash: null });
    });

    it('keeps the hash when waiting for the receipt failed, so the user can look it up', () => {
      expect(flowReducer(PENDING, event)).toEqual({ phase: 'failed', prepared: PREPARED, hash: HASH, message: event.message, details: 'raw' });
      expect(flowReducer(CONFIRMED, event)).toMatchObject({ hash: HASH });
    });
  });

  it.each(ALL.map((state) => [state.phase, state] as const))('resets to idle from %s', (_phase, state) => {
    expect(flowReducer(state, { type: 'reset' })).toBe(IDLE);
  });
});

describe('isBusy', () => {
  it('is true while the server, the wallet or the chain still has the transaction', () => {
    expect(ALL.filter(isBusy).map((state) => state.phase)).toEqual(['preparing', 'signing', 'pending']);
  });
});

describe('failureMessage', () => {
  it('wraps the cause in the screen’s failure text when it has one', () => {
    expect(failureMessage('tx.prepare_failed', 'Balance too low')).toEqual({ key: 'tx.prepare_failed', values: { cause: 'Balance too low' } });
    expect(failureMessage(undefined, 'Balance too low')).toEqual({ text: 'Balance too low' });
  });
});
