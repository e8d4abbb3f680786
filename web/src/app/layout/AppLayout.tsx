import { lazy, Suspense, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useHydrated } from '../../lib/hydration';
import { BackBar } from '../navigation/BackBar';
import { NavigationEffects } from '../navigation/NavigationEffects';
import { isPrerenderedInFull } from '../prerender/handle';
import { RouteStandIn } from '../prerender/standIn';
import { Footer } from './Footer';
import { Header } from './Header';

// Toasts, and the i18next they bring, load beside the first screen instead of
// before it: the store in lib/notify keeps anything raised meanwhile.
const Toaster = lazy(async () => ({ default: (await import('../../lib/notify/Toaster')).Toaster }));
// The EVM wallet connection (auto-login, logout, the development wallet's prompt) loads beside the first screen too.
const EvmWalletSession = lazy(async () => ({ default: (await import('../../lib/evm-wallet/EvmWalletSession')).EvmWalletSession }));

export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  const hydrated = useHydrated();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className={navigation.state === 'idle' ? 'progress' : 'progress progress--active'} aria-hidden="true" />
      <Header />
      <main id="main" className="main" ref={mainRef} tabIndex={-1}>
        <NavigationEffects mainRef={mainRef} />
        <BackBar />
        <Screen />
      </main>
      <Footer />
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
          <EvmWalletSession />
        </Suspense>
      )}
    </div>
  );
}

/** The route's screen; while a pre-rendered page is built or hydrated, its stand-in unless the screen is pre-rendered in full. */
function Screen() {
  const hydrated = useHydrated();
  const matches = useMatches();
  const { pathname } = useLocation();
  if (hydrated || isPrerenderedInFull(matches)) return <Outlet />;
  return <RouteStandIn pathname={pathname} />;
}
