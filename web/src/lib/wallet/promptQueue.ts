/**
 * A development wallet's own confirmation step, shared by the EVM and the native one.
 * A real wallet shows every transaction and lets the user sign or reject it; the
 * devnets' in-page wallets do the same through a queue of requests, which
 * SignPromptDialog.tsx renders one at a time as a dialog. What a request holds (an
 * EVM call, native actions) is the wallet's business; the queue only answers whether
 * the user signed.
 */

export interface PendingPrompt<Request> {
  /** Which request is on screen, so a caller can tell the next prompt from this one. */
  readonly id: number;
  readonly request: Request;
}

interface Waiting<Request> extends PendingPrompt<Request> {
  readonly answer: (approved: boolean) => void;
}

type Listener = () => void;

/** What the dialog needs of a queue: the request on screen and the user's two answers. */
export interface PromptQueueView<Request> {
  readonly current: () => PendingPrompt<Request> | null;
  readonly approve: (id: number) => void;
  readonly reject: (id: number) => void;
  readonly subscribe: (listener: Listener) => () => void;
}

export interface PromptQueue<Request> extends PromptQueueView<Request> {
  /** Resolves true when the user signs, false when they reject. */
  readonly ask: (request: Request) => Promise<boolean>;
  /** Sign-out rejects whatever still waits. */
  readonly rejectAll: () => void;
}

export function createPromptQueue<Request>(): PromptQueue<Request> {
  let queue: readonly Waiting<Request>[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const settle = (id: number, approved: boolean) => {
    const found = queue.find((item) => item.id === id);
    if (!found) return;
    queue = queue.filter((item) => item.id !== id);
    emit();
    found.answer(approved);
  };
  return {
    ask: (request) =>
      new Promise((resolve) => {
        queue = [...queue, { id: nextId++, request, answer: resolve }];
        emit();
      }),
    current: () => queue[0] ?? null,
    approve: (id) => { settle(id, true); },
    reject: (id) => { settle(id, false); },
    rejectAll: () => {
      for (const item of queue) settle(item.id, false);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
