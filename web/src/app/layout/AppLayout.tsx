import { useRef } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { BackBar } from '../navigation/BackBar';
import { NavigationEffects } from '../navigation/NavigationEffects';
import { Footer } from './Footer';
import { Header } from './Header';

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
    </div>
  );
}
