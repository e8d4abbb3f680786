import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { handOverEarlyInput, markStarted, replayEarlyActions } from './prerender/earlyInput';
import { queryClient } from './queryClient';

interface AppProps {
  readonly router: DataRouter;
  /** The element the app renders into; it is marked `data-hydrated` once the app answers input. */
  readonly container: HTMLElement;
  /** Runs once the app has rendered (or hydrated) and answers input. */
  readonly onStarted?: () => void;
}

export function App({ router, container, onStarted }: AppProps) {
  // In the first commit, before anything renders again: what the user typed into the pre-rendered page.
  useLayoutEffect(() => {
    handOverEarlyInput(container);
  }, [container]);
  useEffect(() => {
    markStarted(container);
    onStarted?.();
    // A turn later, once the typed values are in the forms' state: what the user sent or pressed meanwhile.
    const replay = window.setTimeout(replayEarlyActions, 0);
    return () => { window.clearTimeout(replay); };
  }, [container, onStarted]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
