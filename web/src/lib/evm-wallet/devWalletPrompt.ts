/**
 * The development wallet's own confirmation step. A real wallet shows every
 * transaction and lets the user sign or reject it; the devnet's in-page wallet
 * does the same through this queue, which DevWalletPrompt.tsx renders as a dialog.
 * Rejecting answers the page with EIP-1193's 4001, as an extension would.
 */

export interface TransactionToConfirm {
  readonly from: string;
  readonly to: string | null;
  /** Wei. */
  readonly value: bigint;
  readonly data: string;
  readonly gas: bigint | null;
}

interface Pending {
  readonly id: number;
  readonly transaction: TransactionToConfirm;
  readonly answer: (approved: boolean) => void;
}

type Listener = () => void;

export function createPromptQueue() {
  let queue: readonly Pending[] = [];
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
    /** Resolves true when the user signs, false when they reject. */
    ask: (transaction: TransactionToConfirm): Promise<boolean> =>
      new Promise((resolve) => {
        queue = [...queue, { id: nextId++, transaction, answer: resolve }];
        emit();
      }),
    current: (): Pending | null => queue[0] ?? null,
    approve: (id: number) => { settle(id, true); },
    reject: (id: number) => { settle(id, false); },
    /** Sign-out rejects whatever still waits. */
    rejectAll: (): void => {
      for (const item of queue) settle(item.id, false);
    },
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const devWalletPrompts = createPromptQueue();
