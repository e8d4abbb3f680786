/**
 * The build's renderer (web/scripts/prerender.mjs loads it from a server build of this
 * file): each route's page rendered from the app's own routes and components, to the
 * HTML the server sends before any script runs. The route guard and the prefetching
 * loaders are left out (they read the browser's storage); the redirects of `/evm` and
 * `/zero` stay, so those paths get the page they lead to.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isValidElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { useTranslation } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useMatches, type RouteObject } from 'react-router';
import { DEMOS } from '../../lib/demos';
import { THEME_STORAGE_KEY } from '../../lib/theme/theme';
import { DEFAULT_PREFERENCES, FIAT_CURRENCY_KEY } from '../../lib/preferences/preferences';
import { SESSION_KEYS } from '../../lib/session/storedAccount';
import { routes } from '../routes';
import { bootPage, type BootSettings } from './boot';
import { preloadsEvmWallet, standInTitle } from './handle';
import { renderStandInsWith } from './standIn';

/** `data-prerendered` of the page rendered for any path the app does not know. */
export const NOT_FOUND_PATH = '*';
/**
 * The last path segment of a page that stands for every value of a route parameter
 * (`/evm/tx/:hash`): the server answers a path without a page of its own with the page
 * `_.html` beside it (crates/server/src/spa.rs).
 */
export const ANY_SEGMENT = '_';

/** Every path the build renders a page for. */
export const prerenderPaths: readonly string[] = [
  '/',
  '/evm',
  '/evm/wallet',
  '/evm/send',
  // Any transaction's page: `evm/tx/_.html`, which the server answers for every /evm/tx/<hash>.
  `/evm/tx/${ANY_SEGMENT}`,
  '/evm/receive',
  '/evm/collectible-inventory',
  '/evm/collectible-details',
  '/evm/staking',
  '/evm/wrap',
  '/evm/allowances',
  '/zero',
  '/zero/balance',
  '/zero/stake',
  '/zero/vote',
  '/zero/dappsearch',
  '/zero/profile',
  '/zero/create-account',
  '/demos',
  ...DEMOS.map(({ path }) => `/demos/${path}`),
  NOT_FOUND_PATH,
];

/**
 * The inline script each page runs before its first paint (prerender/boot.ts), starting the
 * app's `entry` module; on a page whose loader reads the stored EVM account's balances and
 * its network's status, it preloads them.
 */
export function bootScript(entry: string, page: Pick<RenderedPage, 'preloadsEvmWallet'>): string {
  const settings: BootSettings = {
    themeKey: THEME_STORAGE_KEY,
    evmAccountKey: SESSION_KEYS.evm.account,
    nativeAccountKey: SESSION_KEYS.native.account,
    entry,
    ...(page.preloadsEvmWallet
      ? { evmWallet: { networkKey: SESSION_KEYS.evm.network, fiatCurrencyKey: FIAT_CURRENCY_KEY, defaultFiatCurrency: DEFAULT_PREFERENCES.fiatCurrency } }
      : {}),
  };
  return `(${bootPage.toString()})(${JSON.stringify(settings)});`;
}

/** A screen's frame while its content is the visitor's own: its title and a loading line. */
function StandInFrame() {
  const { t } = useTranslation();
  const title = standInTitle(useMatches());
  return (
    <section className="page" aria-labelledby={title === null ? undefined : 'page-title'}>
      {title !== null && (
        <header className="page__header">
          <h1 id="page-title" className="page__title">
            {t(title)}
          </h1>
        </header>
      )}
      <p className="state" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading…
      </p>
    </section>
  );
}

renderStandInsWith(StandInFrame);

/** The routes without the loaders that read the browser (the guard, prefetches); index redirects stay. */
function forTheBuild(route: RouteObject): RouteObject {
  if (route.index === true) return route;
  const copy: RouteObject = { ...route };
  delete copy.loader;
  if (route.children !== undefined) copy.children = route.children.map(forTheBuild);
  return copy;
}

const handler = createStaticHandler(routes.map(forTheBuild));

export interface RenderedPage {
  /** The path the page shows (a redirect's target), or `*` for the not-found page. */
  readonly path: string;
  /** The markup of `#root`. */
  readonly html: string;
  /** The names of the matched routes' components, from the outermost (which chunks to preload). */
  readonly components: readonly string[];
  /** Whether the screen is a stand-in that the app replaces once hydrated. */
  readonly standIn: boolean;
  /** Whether a matched route's loader reads the stored EVM account's balances and network status (route handle `preload`). */
  readonly preloadsEvmWallet: boolean;
}

const ORIGIN = 'http://tandem.invalid';

export async function render(path: string): Promise<RenderedPage> {
  const requestPath = path === NOT_FOUND_PATH ? '/this-page-does-not-exist' : path;
  const context = await handler.query(new Request(`${ORIGIN}${requestPath}`));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location === null) throw new Error(`${path}: the build's router answered ${String(context.status)} without a page`);
    const target = new URL(location, ORIGIN).pathname;
    return { ...(await render(target)), path: target };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // The router turns each route's `Component` into an element of it.
  const components = context.matches.flatMap((match) => {
    const { element } = match.route;
    return isValidElement(element) && typeof element.type === 'function' ? [element.type.name] : [];
  });
  return { path, html, components, standIn: html.includes('data-stand-in'), preloadsEvmWallet: preloadsEvmWallet(context.matches) };
}
