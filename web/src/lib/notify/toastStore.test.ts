import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, ERROR_TIMEOUT_MS, NORMAL_TIMEOUT_MS, type ToastInput } from './toastStore';

const text = (value: string) => ({ text: value });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toast timing', () => {
  it.each([
    ['success', NORMAL_TIMEOUT_MS],
    ['warning', NORMAL_TIMEOUT_MS],
    ['copied', NORMAL_TIMEOUT_MS],
    ['neutral', NORMAL_TIMEOUT_MS],
    ['error', ERROR_TIMEOUT_MS],
  ] as const)('%s closes after %i ms', (kind, timeout) => {
    const store = createToastStore();
    store.show({ kind, message: text('hello') });
    const all = () => [...store.getSnapshot().main, ...store.getSnapshot().neutral];
    vi.advanceTimersByTime(timeout - 1);
    expect(all()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(all()).toHaveLength(0);
  });

  it('keeps info and persistent errors until dismissed', () => {
    const store = createToastStore();
    const info = store.show({ kind: 'info', message: text('info') });
    const error = store.show({ kind: 'error', message: text('boom'), persistent: true });
    vi.advanceTimersByTime(60 * 60_000);
    expect(store.getSnapshot().main.map((toast) => toast.id)).toEqual([info, error]);
    expect(store.getSnapshot().main.every((toast) => toast.timeoutMs === null && toast.dismissible)).toBe(true);
    store.dismiss(error);
    expect(store.getSnapshot().main.map((toast) => toast.id)).toEqual([info]);
  });

  it('pauses the clock while hovered or focused and resumes with the time left', () => {
    const store = createToastStore();
    const id = store.show({ kind: 'success', message: text('saved') });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().main).toHaveLength(1);
    store.resume(id);
    vi.advanceTimersByTime(999);
    expect(store.getSnapshot().main).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().main).toHaveLength(0);
  });
});

describe('toast content', () => {
  it('titles toasts as spec §8 does', () => {
    const store = createToastStore({ maxVisible: 10 });
    for (const kind of ['error', 'warning', 'success', 'copied', 'info'] as const) store.show({ kind, message: text(kind) });
    expect(store.getSnapshot().main.map((toast) => toast.title)).toEqual([
      { key: 'notify.title.error' },
      { key: 'notify.title.warning' },
      { key: 'notify.title.success' },
      { key: 'notify.title.copied' },
      null,
    ]);
  });

  it('puts neutral messages apart, without actions', () => {
    const store = createToastStore();
    store.show({ kind: 'neutral', message: text('Cancelled'), details: 'raw', transactionUrl: 'https://x' });
    const [neutral] = store.getSnapshot().neutral;
    expect(store.getSnapshot().main).toHaveLength(0);
    expect(neutral).toMatchObject({ region: 'neutral', dismissible: false, details: null, transactionUrl: null, transactionPath: null });
  });

  it('keeps the details and the transaction link', () => {
    const store = createToastStore();
    store.show({ kind: 'error', message: text('failed'), details: '{"code":-32603}' });
    store.show({ kind: 'success', message: text('sent'), transactionUrl: 'https://teloscan.io/tx/0x1' });
    store.show({ kind: 'success', message: text('sent'), transactionPath: '/evm/tx/0x2' });
    expect(store.getSnapshot().main.map((toast) => [toast.details, toast.transactionUrl, toast.transactionPath])).toEqual([
      ['{"code":-32603}', null, null],
      [null, 'https://teloscan.io/tx/0x1', null],
      [null, null, '/evm/tx/0x2'],
    ]);
  });
});

describe('toast queue', () => {
  it('shows at most maxVisible per region and lets the next in when one closes', () => {
    const store = createToastStore({ maxVisible: 2 });
    const ids = ['a', 'b', 'c'].map((value) => store.show({ kind: 'info', message: text(value) }));
    const neutral = store.show({ kind: 'neutral', message: text('n') });
    expect(store.getSnapshot().main.map((toast) => toast.id)).toEqual(ids.slice(0, 2));
    expect(store.getSnapshot().neutral.map((toast) => toast.id)).toEqual([neutral]);
    store.dismiss(ids[0] ?? -1);
    expect(store.getSnapshot().main.map((toast) => toast.id)).toEqual(ids.slice(1));
  });

  it('starts the clock of a waiting toast only when it shows', () => {
    const store = createToastStore({ maxVisible: 1 });
    const first = store.show({ kind: 'error', message: text('first'), persistent: true });
    const second = store.show({ kind: 'success', message: text('second') });
    vi.advanceTimersByTime(10 * NORMAL_TIMEOUT_MS);
    store.dismiss(first);
    expect(store.getSnapshot().main.map((toast) => toast.id)).toEqual([second]);
    vi.advanceTimersByTime(NORMAL_TIMEOUT_MS);
    expect(store.getSnapshot().main).toHaveLength(0);
  });

  it('dismisses a waiting toast before it shows', () => {
    const store = createToastStore({ maxVisible: 1 });
    const first = store.show({ kind: 'info', message: text('first') });
    const second = store.show({ kind: 'info', message: text('second') });
    store.dismiss(second);
    store.dismiss(first);
    expect(store.getSnapshot().main).toHaveLength(0);
  });

  it('counts a repeated toast instead of stacking it, and restarts its clock', () => {
    const store = createToastStore();
    const input: ToastInput = { kind: 'error', message: { key: 'wallet.error.general' } };
    const id = store.show(input);
    vi.advanceTimersByTime(ERROR_TIMEOUT_MS - 1000);
    expect(store.show(input)).toBe(id);
    expect(store.getSnapshot().main).toMatchObject([{ id, count: 2 }]);
    vi.advanceTimersByTime(ERROR_TIMEOUT_MS - 1);
    expect(store.getSnapshot().main).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().main).toHaveLength(0);
    expect(store.show({ ...input, details: 'other' })).not.toBe(id);
  });

  it('notifies subscribers with a new snapshot on every change, and stops after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    store.show({ kind: 'success', message: text('one') });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    unsubscribe();
    store.dismissAll();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().main).toHaveLength(0);
  });
});
