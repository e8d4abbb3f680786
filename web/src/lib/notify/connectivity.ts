/**
 * The offline notice (spec §8): while the browser reports no connection, a
 * persistent toast says so; it goes away by itself when the connection returns.
 * Driven by the window's online/offline events.
 */

import type { ToastInput, ToastStore } from './toastStore';

export const OFFLINE_TOAST: ToastInput = {
  kind: 'error',
  title: { key: 'notify.offline_title' },
  message: { key: 'notify.offline_message' },
  persistent: true,
};

type EventSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Starts watching; returns the function that stops it (and takes the notice down). */
export function watchConnectivity(events: EventSource, status: { readonly onLine: boolean }, store: ToastStore): () => void {
  let noticeId: number | null = null;
  const isShown = (id: number) => store.getSnapshot().main.some((toast) => toast.id === id);

  const onOffline = () => {
    if (noticeId === null || !isShown(noticeId)) noticeId = store.show(OFFLINE_TOAST);
  };
  const onOnline = () => {
    if (noticeId !== null) store.dismiss(noticeId);
    noticeId = null;
  };

  events.addEventListener('offline', onOffline);
  events.addEventListener('online', onOnline);
  if (!status.onLine) onOffline();
  return () => {
    events.removeEventListener('offline', onOffline);
    events.removeEventListener('online', onOnline);
    onOnline();
  };
}
