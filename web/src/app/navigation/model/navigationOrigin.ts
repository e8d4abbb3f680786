/**
 * Records whether the current navigation started inside the app (a link or
 * button here) or outside it (a typed URL, a bookmark, a reload). Screens use it
 * to decide whether "back" can go to the previous page or must go to the parent.
 *
 * Redirects during the first load still count as outside: the app only becomes
 * "inside" once it has rendered a page.
 */
export interface NavigationOriginTracker {
  /** Call at the start of every navigation; returns whether it came from inside. */
  recordNavigation(): boolean;
  /** Call once a page has rendered. */
  markRendered(): void;
  cameFromInsideApp(): boolean;
}

export function createNavigationOriginTracker(): NavigationOriginTracker {
  let hasRendered = false;
  let fromInside = false;
  return {
    recordNavigation() {
      fromInside = hasRendered;
      return fromInside;
    },
    markRendered() {
      hasRendered = true;
    },
    cameFromInsideApp() {
      return fromInside;
    },
  };
}

/** The tracker of this browser tab. */
export const navigationOrigin = createNavigationOriginTracker();
