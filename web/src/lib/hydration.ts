/**
 * The build pre-renders every route's page (web/scripts/prerender.mjs), so the first
 * paint needs no script; the app then hydrates that HTML. Hydration's first render
 * must produce exactly what the build rendered, so whatever only the browser knows
 * (the stored session, the theme, query strings, cached answers) waits until
 * {@link useHydrated} turns true, one render later.
 *
 * The flag is React state held by the app (app/App.tsx), not an external store: a
 * store's change after hydration is rendered at once, with the new screen's effects
 * (its reads starting, its subscriptions) run in the same task, before the browser
 * can paint it. As state set after hydration's effects, that render is an ordinary
 * one: the screen's effects run in a later task, so the browser may paint it first.
 */
import { createContext, useContext } from 'react';

/** False while the build renders a page and while the app hydrates it (the value without a provider). */
export const HydratedContext = createContext(false);

/**
 * False while the build renders a page and while the app hydrates it; true from the
 * render after that on, and from the start when the app renders without hydrating.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
