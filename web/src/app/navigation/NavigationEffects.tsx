import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { navigationOrigin } from './model/navigationOrigin';

/**
 * Scroll to the top on every in-app navigation (spec §2) and move focus to the main
 * region after in-app navigations, so keyboard and screen-reader users start
 * reading the new page instead of staying on the link they used.
 */
export function NavigationEffects({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const isFirstRender = useRef(true);

  useLayoutEffect(() => {
    // The page the browser loaded stays where the user (or the browser, on a reload) scrolled it.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [location.key, mainRef]);

  useEffect(() => {
    navigationOrigin.markRendered();
  }, []);

  return null;
}
