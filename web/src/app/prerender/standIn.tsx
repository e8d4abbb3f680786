/**
 * The main column of a pre-rendered page whose screen shows what only the browser
 * knows (an account's balances, a signed-in session): the build renders a stand-in
 * there, the page's frame with its title (see renderStandInsWith), and the app,
 * hydrating, adopts that HTML as it is, then renders the real screen in its place.
 * Home and the other screens that look the same for everyone are pre-rendered in full
 * and hydrated instead (route handle `prerender: 'page'`, app/routes.ts).
 */
import type { ReactNode } from 'react';

type StandInRenderer = (pathname: string) => ReactNode;

let buildRenderer: StandInRenderer | null = null;
let adoptedHtml = '';

const STAND_IN_SELECTOR = '[data-stand-in]';

/** At build time (prerender/render.tsx): what the stand-in of a path contains. */
export function renderStandInsWith(renderer: StandInRenderer): void {
  buildRenderer = renderer;
}

/** In the browser, before hydrating: keeps the pre-rendered stand-in's HTML for the hydrating render. */
export function adoptStandIn(container: HTMLElement): void {
  adoptedHtml = container.querySelector(STAND_IN_SELECTOR)?.innerHTML ?? '';
}

export function RouteStandIn({ pathname }: { pathname: string }) {
  if (buildRenderer !== null) {
    return (
      <div className="route-stand-in" data-stand-in="">
        {buildRenderer(pathname)}
      </div>
    );
  }
  // The same element with the HTML the build put in it: React adopts it without comparing.
  return <div className="route-stand-in" data-stand-in="" dangerouslySetInnerHTML={{ __html: adoptedHtml }} />;
}
