import { describe, expect, it } from 'vitest';
import { createNavigationOriginTracker } from './navigationOrigin';

describe('navigation origin tracker', () => {
  it('counts the first load as coming from outside', () => {
    const tracker = createNavigationOriginTracker();
    expect(tracker.recordNavigation()).toBe(false);
    expect(tracker.cameFromInsideApp()).toBe(false);
  });

  it('counts a redirect before the first render as outside too', () => {
    const tracker = createNavigationOriginTracker();
    tracker.recordNavigation();
    expect(tracker.recordNavigation()).toBe(false);
  });

  it('counts navigations after a page rendered as inside', () => {
    const tracker = createNavigationOriginTracker();
    tracker.recordNavigation();
    tracker.markRendered();
    expect(tracker.recordNavigation()).toBe(true);
    expect(tracker.cameFromInsideApp()).toBe(true);
  });
});
