import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useNetworkLinks } from '../../lib/networks/api/useNetworkLinks';
import { isWithin } from '../../lib/navigation/paths';
import type { AccountKind } from '../../lib/session/storedAccount';
import { useStoredAccount } from '../../lib/session/useStoredAccount';
import { BrandWordmark } from '../../lib/ui/BrandMark';
import { Icon } from '../../lib/ui/icons';
import { useHydrated } from '../../lib/hydration';
import { linksKind, navItemsFor, type SignedIn } from '../navigation/model/navItems';
import { AccountMenu, CHAIN_LABEL } from './AccountMenu';
import { PreferencesButton } from './PreferencesButton';
import { PrimaryNav } from './PrimaryNav';
import { ThemeToggle } from './ThemeToggle';

const NAV_ID = 'primary-nav';

/** The side a route belongs to: its pre-rendered header carries that session's navigation. */
function routeSessionKind(pathname: string): AccountKind | null {
  if (isWithin(pathname, '/evm')) return 'evm';
  if (isWithin(pathname, '/zero')) return 'native';
  return null;
}

export function Header() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  // Both chains' sessions may be signed in side by side: each has its own menu.
  const evmAccount = useStoredAccount('evm');
  const nativeAccount = useStoredAccount('native');
  // Until hydrated, the header is what the build rendered: the navigation of the route's side
  // and each session's parts, each shown by the stylesheet only to the sessions it belongs to
  // (the page's boot script names them on <html>), so the first paint is right for everyone.
  const routeKind = hydrated ? null : routeSessionKind(pathname);
  const signedIn: SignedIn = hydrated
    ? { evm: evmAccount !== null, native: nativeAccount !== null }
    : { evm: routeKind === 'evm', native: routeKind === 'native' };
  const items = navItemsFor(signedIn, useNetworkLinks(hydrated ? linksKind(signedIn) : null));
  const [menuOpen, setMenuOpen] = useState(false);
  const showsMenu = items.length > 0 || !hydrated;

  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="header__brand" aria-label="Tandem home">
          <BrandWordmark />
        </Link>
        {items.length > 0 && (
          <PrimaryNav
            id={NAV_ID}
            items={items}
            open={menuOpen}
            onNavigate={() => { setMenuOpen(false); }}
            sessionOnly={routeKind ?? undefined}
          />
        )}
        {/* The accounts come first: right-aligned, they grow to the left, so the buttons beside them never move. */}
        <div className="header__actions">
          {hydrated ? (
            <>
              {evmAccount === null && nativeAccount === null && (
                <Link to="/#connect" className="button button--primary button--small">
                  Connect Wallet
                </Link>
              )}
              {nativeAccount !== null && <AccountMenu account={nativeAccount} kind="native" paired={evmAccount !== null} />}
              {evmAccount !== null && <AccountMenu account={evmAccount} kind="evm" paired={nativeAccount !== null} />}
            </>
          ) : (
            <>
              <Link to="/#connect" className="button button--primary button--small" data-session-only="none">
                Connect Wallet
              </Link>
              <StoredAccountButton kind="native" />
              <StoredAccountButton kind="evm" />
            </>
          )}
          <PreferencesButton />
          <ThemeToggle />
          {showsMenu && (
            <button
              type="button"
              className="icon-button header__menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              aria-label={menuOpen ? 'Close navigation' : 'Open navigation'}
              onClick={() => { setMenuOpen((wasOpen) => !wasOpen); }}
              data-session-only={hydrated ? undefined : 'signed-in'}
            >
              <Icon name={menuOpen ? 'close' : 'menu'} />
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * One chain's account button as the pre-rendered page shows it to a visitor signed in
 * there: the same box as AccountMenu's, labelled by the boot script's
 * `--stored-<kind>-label`, so the real menu takes its place without moving anything.
 */
function StoredAccountButton({ kind }: { kind: AccountKind }) {
  return (
    <div className={`account-menu account-menu--stored account-menu--stored-${kind}`} data-session-only={kind} aria-hidden="true">
      <button type="button" className="account-menu__button" tabIndex={-1}>
        <span className="account-menu__avatar" />
        <span className="account-menu__chain">{CHAIN_LABEL[kind].short}</span>
        <span className="account-menu__label account-menu__label--stored" />
        <Icon name="chevronDown" size={16} />
      </button>
    </div>
  );
}
