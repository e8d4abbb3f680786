import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TOAST, watchConnectivity } from './connectivity';
import { errorMessage, rawErrorText, stripAssertionPrefix } from './errorText';
import { createNotifier } from './notify';
import { createToastStore } from './toastStore';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('error text', () => {
  it('drops the chain assertion prefix', () => {
    expect(stripAssertionPrefix('assertion failure with message: overdrawn balance')).toBe('overdrawn balance');
    expect(stripAssertionPrefix('overdrawn balance')).toBe('overdrawn balance');
    expect(errorMessage(new Error('assertion failure with message: no balance object found'))).toEqual({
      text: 'no balance object found',
    });
  });

  it('reads an undefined error as a cancelled transaction', () => {
    expect(errorMessage(undefined)).toEqual({ key: 'notify.cancelled_transaction' });
    expect(errorMessage(null)).toEqual({ key: 'notify.cancelled_transaction' });
  });

  it('falls back to the general wallet error when there is nothing to say', () => {
    expect(errorMessage({ code: 5 })).toEqual({ key: 'wallet.error.general' });
    expect(errorMessage(new Error(''))).toEqual({ key: 'wallet.error.general' });
  });

  it('writes the raw error in full, bigints included', () => {
    expect(rawErrorText({ code: -32603, data: { value: 10n } })).toBe(
      JSON.stringify({ code: -32603, data: { value: '10' } }, null, 2),
    );
    const error = Object.assign(new Error('reverted'), { code: 'CALL_EXCEPTION' });
    expect(rawErrorText(error)).toBe(`Error: reverted\n${JSON.stringify({ code: 'CALL_EXCEPTION' }, null, 2)}`);
    expect(rawErrorText(new TypeError('x'))).toBe('TypeError: x');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(rawErrorText(cyclic)).toBe(JSON.stringify({ self: '[circular]' }, null, 2));
  });
});

describe('notifier', () => {
  it('raises error toasts with the raw error behind See Details', () => {
    const store = createToastStore();
    const notify = createNotifier(store);
    notify.fromError(Object.assign(new Error('assertion failure with message: overdrawn'), { code: 3050003 }), {
      persistent: true,
    });
    const [toast] = store.getSnapshot().main;
    expect(toast).toMatchObject({ kind: 'error', message: { text: 'overdrawn' }, timeoutMs: null });
    expect(toast?.details).toContain('3050003');
  });

  it('raises a success toast with a See Transaction link and a neutral message apart', () => {
    const store = createToastStore();
    const notify = createNotifier(store);
    notify.success({ key: 'network.switched', values: { network: 'Telos EVM' } }, { transactionUrl: 'https://x/tx/1' });
    notify.neutral('You rejected the transaction');
    expect(store.getSnapshot().main).toMatchObject([{ kind: 'success', transactionUrl: 'https://x/tx/1' }]);
    expect(store.getSnapshot().neutral).toMatchObject([{ message: { text: 'You rejected the transaction' } }]);
  });
});

describe('offline notice', () => {
  function fakeWindow(onLine: boolean) {
    const events = new EventTarget();
    const status = { onLine };
    const go = (online: boolean) => {
      status.onLine = online;
      events.dispatchEvent(new Event(online ? 'online' : 'offline'));
    };
    return { events, status, go };
  }

  it('shows while offline and goes away when the connection returns', () => {
    const store = createToastStore();
    const { events, status, go } = fakeWindow(true);
    const stop = watchConnectivity(events, status, store);
    expect(store.getSnapshot().main).toHaveLength(0);
    go(false);
    expect(store.getSnapshot().main).toMatchObject([{ title: OFFLINE_TOAST.title, timeoutMs: null }]);
    vi.advanceTimersByTime(60_000);
    go(false);
    expect(store.getSnapshot().main).toHaveLength(1);
    go(true);
    expect(store.getSnapshot().main).toHaveLength(0);
    stop();
    go(false);
    expect(store.getSnapshot().main).toHaveLength(0);
  });

  it('shows at once when the app starts offline, and again after being dismissed', () => {
    const store = createToastStore();
    const { events, status, go } = fakeWindow(false);
    const stop = watchConnectivity(events, status, store);
    const [notice] = store.getSnapshot().main;
    expect(notice?.message).toEqual({ key: 'notify.offline_message' });
    store.dismiss(notice?.id ?? -1);
    go(false);
    expect(store.getSnapshot().main).toHaveLength(1);
    stop();
    expect(store.getSnapshot().main).toHaveLength(0);
  });
});
