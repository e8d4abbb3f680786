import { useState } from 'react';
import { Link } from 'react-router';
import { useNetworkLinks } from '../../lib/networks/api/useNetworkLinks';
import { useStoredAccount } from '../../lib/session/useStoredAccount';
import { BrandWordmark } from '../../lib/ui/BrandMark';
import { Icon } from '../../lib/ui/icons';
import { linksKind, navItemsFor } from '../navigation/model/navItems';
import { AccountMenu } from './AccountMenu';
import { PreferencesButton } from './PreferencesButton';
import { PrimaryNav } from './PrimaryNav';
import { ThemeToggle } from './ThemeToggle';

const NAV_ID = 'primary-nav';

export function Header() {
  // Both chains' sessions may be signed in side by side: each has its own menu.
  const evmAccount = useStoredAccount('evm');
  const nativeAccount = useStoredAccount('native');
  const signedIn = { evm: evmAccount !== null, native: nativeAccount !== null };
  const items = navItemsFor(signedIn, useNetworkLinks(linksKind(signedIn)));
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="header__brand" aria-label="Tandem home">
          <BrandWordmark />
        </Link>
        {items.length > 0 && (
          <PrimaryNav id={NAV_ID} items={items} open={menuOpen} onNavigate={() => { setMenuOpen(false); }} />
        )}
        <div className="header__actions">
          <PreferencesButton />
          <ThemeToggle />
          {evmAccount === null && nativeAccount === null && (
            <Link to="/" className="button button--primary button--small">
              Connect Wallet
            </Link>
          )}
          {nativeAccount !== null && <AccountMenu account={nativeAccount} kind="native" paired={evmAccount !== null} />}
          {evmAccount !== null && <AccountMenu account={evmAccount} kind="evm" paired={nativeAccount !== null} />}
          {items.length > 0 && (
            <button
              type="button"
              className="icon-button header__menu-toggle"
              aria-expanded={menuOpen}
              aria-controls={NAV_ID}
              aria-label={menuOpen ? 'Close navigation' : 'Open navigation'}
              onClick={() => { setMenuOpen((wasOpen) => !wasOpen); }}
            >
              <Icon name={menuOpen ? 'close' : 'menu'} />
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
