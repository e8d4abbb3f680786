import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useNetworkLinks } from '../../lib/networks/api/useNetworkLinks';
import { isWithin } from '../../lib/navigation/paths';
import { accountKind, type AccountKind } from '../../lib/session/storedAccount';
import { useStoredAccount } from '../../lib/session/useStoredAccount';
import { BrandWordmark } from '../../lib/ui/BrandMark';
import { Icon } from '../../lib/ui/icons';
import { useHydrated } from '../../lib/hydration';
import { navItemsFor } from '../navigation/model/navItems';
import { AccountMenu } from './AccountMenu';
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
  const account = useStoredAccount();
  // Until hydrated, the header is what the build rendered: the navigation of the route's side
  // and the sign-in link, each shown by the stylesheet only to the session it belongs to (the
  // page's boot script names it on <html>), so the first paint is right for everyone.
  const kind = hydrated ? (account === null ? null : accountKind(account)) : routeSessionKind(pathname);
  const items = navItemsFor(kind, useNetworkLinks(hydrated ? kind : null));
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
            sessionOnly={hydrated ? undefined : (kind ?? undefined)}
          />
        )}
        {/* The account comes first: right-aligned, it grows to the left, so the buttons beside it never move. */}
        <div className="header__actions">
          {!hydrated && <StoredAccountButton />}
          {!hydrated || account === null ? (
            <Link to="/" className="button button--primary button--small" data-session-only={hydrated ? undefined : 'none'}>
              Connect Wallet
            </Link>
          ) : (
            <AccountMenu account={account} />
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
 * The account button as the pre-rendered page shows it to a signed-in visitor: the same
 * box as AccountMenu's, labelled by the boot script's `--stored-account-label`, so the
 * real menu takes its place without moving anything.
 */
function StoredAccountButton() {
  return (
    <div className="account-menu" data-session-only="signed-in" aria-hidden="true">
      <button type="button" className="account-menu__button" tabIndex={-1}>
        <span className="account-menu__avatar" />
        <span className="account-menu__label account-menu__label--stored" />
        <Icon name="chevronDown" size={16} />
      </button>
    </div>
  );
}
