import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { navigationOrigin } from './model/navigationOrigin';

/**
 * Scroll to the top on every navigation (spec §2) and move focus to the main
 * region after in-app navigations, so keyboard and screen-reader users start
 * reading the new page instead of staying on the link they used.
 */
export function NavigationEffects({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const isFirstRender = useRef(true);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [location.key, mainRef]);

  useEffect(() => {
    navigationOrigin.markRendered();
  }, []);

  return null;
}
