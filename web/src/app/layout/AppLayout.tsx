import { lazy, Suspense, useRef } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { BackBar } from '../navigation/BackBar';
import { NavigationEffects } from '../navigation/NavigationEffects';
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
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster />
        <EvmWalletSession />
      </Suspense>
    </div>
  );
}
