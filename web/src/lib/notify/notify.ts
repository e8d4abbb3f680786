/**
 * The one place the app raises toasts. Features call these helpers; the Toaster
 * mounted in the app layout shows whatever the store holds.
 */

import { errorMessage, rawErrorText } from './errorText';
import { createToastStore, type Message, type ToastStore } from './toastStore';

export const toasts: ToastStore = createToastStore();

export type Text = Message | string;

function message(text: Text): Message {
  return typeof text === 'string' ? { text } : text;
}

export interface ErrorToastOptions {
  /** Stay until dismissed instead of 5 s. */
  persistent?: boolean;
  /** The raw error behind See Details. */
  details?: string;
}

export function createNotifier(store: ToastStore) {
  const error = (text: Text, { persistent = false, details }: ErrorToastOptions = {}) =>
    store.show({ kind: 'error', message: message(text), persistent, ...(details === undefined ? {} : { details }) });

  return {
    /** A success; See Transaction opens the explorer's page (`transactionUrl`) or the app's own (`transactionPath`). */
    success: (text: Text, { transactionUrl, transactionPath }: { transactionUrl?: string; transactionPath?: string } = {}) =>
      store.show({
        kind: 'success',
        message: message(text),
        ...(transactionUrl === undefined ? {} : { transactionUrl }),
        ...(transactionPath === undefined ? {} : { transactionPath }),
      }),
    warning: (text: Text) => store.show({ kind: 'warning', message: message(text) }),
    info: (text: Text) => store.show({ kind: 'info', message: message(text) }),
    copied: (text: Text) => store.show({ kind: 'copied', message: message(text) }),
    neutral: (text: Text) => store.show({ kind: 'neutral', message: message(text) }),
    error,
    /** An error toast for a thrown value of any shape; See Details shows it raw unless it is plain text. */
    fromError: (thrown: unknown, { persistent = false }: { persistent?: boolean } = {}) =>
      error(errorMessage(thrown), {
        persistent,
        ...(typeof thrown === 'object' && thrown !== null ? { details: rawErrorText(thrown) } : {}),
      }),
    dismiss: (id: number) => {
      store.dismiss(id);
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

export const notify: Notifier = createNotifier(toasts);
