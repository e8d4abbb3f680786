import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { App } from './app/App';
import { prefetchStartupData } from './app/prefetch';
import { adoptStandIn } from './app/prerender/standIn';
import { routes } from './app/routes';
import { startAnalytics } from './lib/analytics';
import { appConfig } from './lib/config';
import { initDebugMode } from './lib/debug';
import { notify } from './lib/notify/notify';
import { runVersionCheck } from './lib/session/appVersion';
import { separateStoredSessions } from './lib/session/storedSession';
import { browserStorage } from './lib/storage';
import { applyTheme } from './lib/theme/useTheme';
import '@fontsource-variable/inter/wght.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import './app/styles/layout.css';
import './app/styles/components.css';
import './app/styles/forms.css';

/** Resolves once the router has loaded the first route's code and run its loaders (a redirect included). */
function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Whether the app may hydrate the page the build rendered (web/scripts/prerender.mjs):
 * the router must have arrived at that page, and a page rendered in full (no stand-in)
 * must have no query string, which the build could not know.
 */
function canHydrate(container: HTMLElement, router: DataRouter): boolean {
  const prerendered = container.dataset.prerendered;
  if (prerendered === undefined) return false;
  const { pathname, search } = router.state.location;
  if (router.state.errors !== null) return false;
  const hasStandIn = container.querySelector('[data-stand-in]') !== null;
  return pathname.replace(/\/+$/, '') === prerendered.replace(/\/+$/, '') && (hasStandIn || search === '');
}

async function start() {
  // Where a first visit's time goes (bench/web prints these marks beside the paint).
  performance.mark('tandem:start');
  // Before anything reads storage: an update may clear it (spec §4 app-version check).
  const versionCheck = runVersionCheck(browserStorage(), __APP_VERSION__);
  if (versionCheck === 'reload') {
    window.location.reload();
    return;
  }
  if (versionCheck === 'reconnect') notify.success({ key: 'session.reconnect_after_update' });
  // Before anything reads a session: the EVM and native sessions live under keys of their own.
  separateStoredSessions(browserStorage());

  // Before the first render, so the page never flashes the other theme (a pre-rendered page's boot script did it already).
  applyTheme();
  initDebugMode(appConfig.developmentHosts);
  // Spec §2: the analytics script on start, only when the operator configured one (off by default).
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  startAnalytics<HTMLScriptElement>(appConfig.analytics, document, {
    doNotTrack: privacy.doNotTrack,
    ...(privacy.globalPrivacyControl === undefined ? {} : { globalPrivacyControl: privacy.globalPrivacyControl }),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const fullyPrerendered = container.dataset.prerendered !== undefined && container.querySelector('[data-stand-in]') === null;
  // A screen hydrated in full must render what the build rendered, before any answer is cached:
  // the reads every screen needs start once it is hydrated. Elsewhere they start at once.
  if (!fullyPrerendered) prefetchStartupData();

  const router = createBrowserRouter(routes);
  await routerReady(router);
  performance.mark('tandem:router-ready');
  const hydrating = canHydrate(container, router);
  const app = (
    <StrictMode>
      <App router={router} container={container} hydrating={hydrating} {...(fullyPrerendered ? { onStarted: prefetchStartupData } : {})} />
    </StrictMode>
  );
  if (hydrating) {
    adoptStandIn(container);
    hydrateRoot(container, app);
  } else {
    // Another page than the build rendered (a redirect, a query string): rendered anew.
    container.replaceChildren();
    delete container.dataset.prerendered;
    createRoot(container).render(app);
  }
}

void start();
