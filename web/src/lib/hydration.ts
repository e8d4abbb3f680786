/**
 * The build pre-renders every route's page (web/scripts/prerender.mjs), so the first
 * paint needs no script; the app then hydrates that HTML. Hydration's first render
 * must produce exactly what the build rendered, so whatever only the browser knows
 * (the stored session, the theme, query strings, cached answers) waits until
 * {@link useHydrated} turns true, one render later.
 */
import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the build renders a page and while the app hydrates it; true from the
 * render after that on, and from the start when the app renders without hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
