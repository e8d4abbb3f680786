/**
 * The toast queue of spec §8 as a plain-TS store (the Toaster component only
 * renders its snapshot):
 *
 * - success, warning and copied toasts, and neutral messages, close after 4 s;
 * - error toasts close after 5 s, or stay with a dismiss control when the caller
 *   asks for `persistent` (transaction failures, the offline notice);
 * - info toasts stay until dismissed;
 * - neutral messages sit apart (bottom-right) and carry no actions.
 *
 * At most `maxVisible` toasts show per region; the rest wait in order and their
 * clock starts only when they appear. A toast equal to one on screen is not
 * stacked again: the one on screen counts it and restarts its clock. Hover or
 * keyboard focus pauses a toast's clock (users get the time they need to read).
 */

import type { ParseKeys } from 'i18next';

/** A translatable text, or literal text (a wallet's own error message). */
export type Message =
  | { readonly key: ParseKeys; readonly values?: Readonly<Record<string, string | number>> }
  | { readonly text: string };

export type ToastKind = 'success' | 'error' | 'warning' | 'info' | 'copied' | 'neutral';

export type ToastRegion = 'main' | 'neutral';

export interface ToastInput {
  readonly kind: ToastKind;
  readonly message: Message;
  /** Overrides the kind's title (e.g. the offline notice). */
  readonly title?: Message;
  /** The raw error, shown behind See Details. */
  readonly details?: string;
  /** Explorer link for See Transaction. */
  readonly transactionUrl?: string;
  /** The app's own page of the transaction for See Transaction, where the network has no explorer. */
  readonly transactionPath?: string;
  /** Errors only: stay until dismissed. */
  readonly persistent?: boolean;
}

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly region: ToastRegion;
  readonly title: Message | null;
  readonly message: Message;
  readonly details: string | null;
  readonly transactionUrl: string | null;
  readonly transactionPath: string | null;
  /** How long it shows; null stays until dismissed. */
  readonly timeoutMs: number | null;
  /** Neutral messages have no dismiss control or other actions. */
  readonly dismissible: boolean;
  /** How many times the same toast was raised while on screen. */
  readonly count: number;
}

export interface ToastSnapshot {
  readonly main: readonly Toast[];
  readonly neutral: readonly Toast[];
}

export const NORMAL_TIMEOUT_MS = 4000;
export const ERROR_TIMEOUT_MS = 5000;
export const DEFAULT_MAX_VISIBLE = 3;

const TITLES: Partial<Record<ToastKind, ParseKeys>> = {
  error: 'notify.title.error',
  warning: 'notify.title.warning',
  success: 'notify.title.success',
  copied: 'notify.title.copied',
};

function timeoutFor(input: ToastInput): number | null {
  switch (input.kind) {
    case 'error':
      return input.persistent === true ? null : ERROR_TIMEOUT_MS;
    case 'info':
      return null;
    case 'success':
    case 'warning':
    case 'copied':
    case 'neutral':
      return NORMAL_TIMEOUT_MS;
  }
}

function messageText(message: Message | null): string {
  if (message === null) return '';
  return 'text' in message ? `text:${message.text}` : `key:${message.key}:${JSON.stringify(message.values ?? {})}`;
}

/** Two toasts are the same when everything the user sees is the same. */
function sameToast(toast: Toast, other: Toast): boolean {
  return (
    toast.kind === other.kind &&
    messageText(toast.title) === messageText(other.title) &&
    messageText(toast.message) === messageText(other.message) &&
    toast.details === other.details &&
    toast.transactionUrl === other.transactionUrl &&
    toast.transactionPath === other.transactionPath
  );
}

interface Clock {
  handle: ReturnType<typeof setTimeout> | null;
  /** Time left when paused or not yet started. */
  remainingMs: number;
  startedAt: number;
  paused: boolean;
}

export interface ToastStore {
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  dismissAll: () => void;
  /** Stops the clock of a toast (hover, focus). */
  pause: (id: number) => void;
  resume: (id: number) => void;
  getSnapshot: () => ToastSnapshot;
  subscribe: (listener: () => void) => () => void;
}

export function createToastStore({ maxVisible = DEFAULT_MAX_VISIBLE }: { maxVisible?: number } = {}): ToastStore {
  let nextId = 1;
  const visible: Record<ToastRegion, Toast[]> = { main: [], neutral: [] };
  const waiting: Record<ToastRegion, Toast[]> = { main: [], neutral: [] };
  const clocks = new Map<number, Clock>();
  const listeners = new Set<() => void>();
  let snapshot: ToastSnapshot = { main: [], neutral: [] };

  const publish = () => {
    snapshot = { main: [...visible.main], neutral: [...visible.neutral] };
    for (const listener of listeners) listener();
  };

  const startClock = (toast: Toast, remainingMs: number) => {
    const clock: Clock = { handle: null, remainingMs, startedAt: Date.now(), paused: false };
    clock.handle = setTimeout(() => {
      remove(toast.id);
    }, remainingMs);
    clocks.set(toast.id, clock);
  };

  const stopClock = (id: number) => {
    const clock = clocks.get(id);
    if (clock?.handle != null) clearTimeout(clock.handle);
    clocks.delete(id);
  };

  const display = (toast: Toast) => {
    visible[toast.region].push(toast);
    if (toast.timeoutMs !== null) startClock(toast, toast.timeoutMs);
  };

  /** Removes a toast wherever it is and lets the next waiting one in. Returns whether it existed. */
  const remove = (id: number): boolean => {
    for (const region of ['main', 'neutral'] as const) {
      const waitingIndex = waiting[region].findIndex((toast) => toast.id === id);
      if (waitingIndex >= 0) {
        waiting[region].splice(waitingIndex, 1);
        return true;
      }
      const index = visible[region].findIndex((toast) => toast.id === id);
      if (index >= 0) {
        stopClock(id);
        visible[region].splice(index, 1);
        const next = waiting[region].shift();
        if (next) display(next);
        publish();
        return true;
      }
    }
    return false;
  };

  const pause = (id: number) => {
    const clock = clocks.get(id);
    if (!clock || clock.paused) return;
    if (clock.handle !== null) clearTimeout(clock.handle);
    clock.handle = null;
    clock.remainingMs = Math.max(0, clock.remainingMs - (Date.now() - clock.startedAt));
    clock.paused = true;
  };

  const resume = (id: number) => {
    const clock = clocks.get(id);
    if (!clock?.paused) return;
    const toast = visible.main.find((shown) => shown.id === id) ?? visible.neutral.find((shown) => shown.id === id);
    if (toast) startClock(toast, clock.remainingMs);
  };

  return {
    show(input) {
      const region: ToastRegion = input.kind === 'neutral' ? 'neutral' : 'main';
      const titleKey = TITLES[input.kind];
      const toast: Toast = {
        id: nextId,
        kind: input.kind,
        region,
        title: input.title ?? (titleKey === undefined ? null : { key: titleKey }),
        message: input.message,
        details: region === 'neutral' ? null : (input.details ?? null),
        transactionUrl: region === 'neutral' ? null : (input.transactionUrl ?? null),
        transactionPath: region === 'neutral' ? null : (input.transactionPath ?? null),
        timeoutMs: timeoutFor(input),
        dismissible: region !== 'neutral',
        count: 1,
      };
      const index = visible[region].findIndex((shown) => sameToast(shown, toast));
      const twin = visible[region][index];
      if (twin) {
        visible[region][index] = { ...twin, count: twin.count + 1 };
        const paused = clocks.get(twin.id)?.paused === true;
        stopClock(twin.id);
        if (twin.timeoutMs !== null) {
          startClock(twin, twin.timeoutMs);
          if (paused) pause(twin.id);
        }
        publish();
        return twin.id;
      }
      nextId += 1;
      if (visible[region].length < maxVisible) {
        display(toast);
        publish();
      } else {
        waiting[region].push(toast);
      }
      return toast.id;
    },

    dismiss(id) {
      remove(id);
    },

    dismissAll() {
      for (const id of clocks.keys()) stopClock(id);
      for (const region of ['main', 'neutral'] as const) {
        visible[region] = [];
        waiting[region] = [];
      }
      publish();
    },

    pause,

    resume,

    getSnapshot: () => snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
