import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HydratedContext } from '../lib/hydration';
import { handOverEarlyInput, markStarted, replayEarlyActions } from './prerender/earlyInput';
import { queryClient } from './queryClient';

interface AppProps {
  readonly router: DataRouter;
  /** The element the app renders into; it is marked `data-hydrated` once the app answers input. */
  readonly container: HTMLElement;
  /** Whether the app hydrates the pre-rendered page in `container` (else it renders anew). */
  readonly hydrating: boolean;
  /** Runs once the app has rendered (or hydrated) and answers input. */
  readonly onStarted?: () => void;
}

export function App({ router, container, hydrating, onStarted }: AppProps) {
  const [hydrated, setHydrated] = useState(!hydrating);
  // In the first commit, before anything renders again: what the user typed into the pre-rendered page.
  useLayoutEffect(() => {
    handOverEarlyInput(container);
  }, [container]);
  useEffect(() => {
    markStarted(container);
    onStarted?.();
    // The render that shows what only the browser knows (lib/hydration.ts), after the
    // hydrating one has committed. Asked for once this effect's flush is over, so it does
    // not join the immediate re-render of the stored values the header read during
    // hydration (React renders those at once, with their effects before any paint); alone,
    // it is an ordinary render, whose screen's effects (its reads starting) run after it.
    queueMicrotask(() => { setHydrated(true); });
  }, [container, onStarted]);
  useEffect(() => {
    if (!hydrated) return;
    // A turn after the screen the user sees has rendered and the typed values are in the
    // forms' state: what the user sent or pressed meanwhile.
    const replay = window.setTimeout(replayEarlyActions, 0);
    return () => { window.clearTimeout(replay); };
  }, [hydrated]);
  return (
    <HydratedContext.Provider value={hydrated}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </HydratedContext.Provider>
  );
}
