import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { destinationAfterLogout } from '../../../lib/navigation/destinations';
import { clearSession } from '../../../lib/session/storedAccount';
import { useNetworks } from '../../../lib/networks/api/networks';
import { defaultNetwork } from '../../../lib/networks/model/defaultNetwork';
import { browserStorage } from '../../../lib/storage';
import { storedNativeLogin } from '../model/nativeSession';
import { restoreStoredSession } from '../signing/restoreSession';
import { NativeDevWalletPrompt } from './NativeDevWalletPrompt';
import { useNativeSession, type ZeroContext } from './zeroContext';
import { registerMoveTexts } from '../../../lib/i18n/move';
import { registerStakeTexts } from '../../../lib/i18n/stake';
import { registerZeroTexts } from '../../../lib/i18n/zero';
import './zero.css';

// The area's texts arrive with its code (the home page never downloads them).
registerZeroTexts();
registerMoveTexts();
registerStakeTexts();

const SECTIONS = [
  { to: '/zero/balance', label: 'zero.nav.balance' },
  { to: '/zero/stake', label: 'zero.nav.stake' },
  { to: '/zero/vote', label: 'zero.nav.vote' },
  { to: '/zero/dappsearch', label: 'zero.nav.dappsearch' },
  { to: '/zero/profile', label: 'zero.nav.profile' },
] as const;

/** The /zero area: its sections, the network in use and the native session (restored at start, spec §4 auto-login). */
export function ZeroLayout() {
  const { t } = useTranslation();
  const networksQuery = useNetworks();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useNativeSession();
  const [chosen, setChosen] = useState<string | null>(() => storedNativeLogin(browserStorage())?.network ?? null);
  const [restoring, setRestoring] = useState(() => session === null && storedNativeLogin(browserStorage()) !== null);

  const networks = useMemo(() => networksQuery.data?.filter((network) => network.kind === 'native'), [networksQuery.data]);
  const wanted = session?.network ?? chosen;
  const network = useMemo(() => {
    if (!networks) return null;
    return networks.find((candidate) => candidate.name === wanted) ?? defaultNetwork(networks, 'native');
  }, [networks, wanted]);

  useEffect(() => {
    if (!restoring || !networks) return;
    let active = true;
    void restoreStoredSession(networks).finally(() => {
      if (active) setRestoring(false);
    });
    return () => {
      active = false;
    };
  }, [restoring, networks]);

  const context: ZeroContext = {
    networks,
    network,
    chooseNetwork: setChosen,
    session,
    restoring: restoring || (networksQuery.isPending && storedNativeLogin(browserStorage()) !== null),
  };

  return (
    <div className="zero">
      <nav className="tabs zero-tabs" aria-label={t('zero.nav.label')}>
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} className="tabs__link">
            {t(section.label)}
          </NavLink>
        ))}
        {session !== null && (
          <button type="button" className="button button--ghost button--small zero-tabs__signout" onClick={() => {
              // Spec §4 logout: the stored keys go (which ends the wallet session), then home.
              clearSession('native');
              const target = destinationAfterLogout(pathname, 'native');
              if (target !== null) void navigate(target);
            }}>
            {t('zero.session.sign_out')}
          </button>
        )}
      </nav>
      {networksQuery.isError && (
        <p className="zero-state zero-state--error" role="alert">
          {t('zero.network.error')}
        </p>
      )}
      {networks?.length === 0 && (
        <p className="zero-state zero-state--error" role="alert">
          {t('zero.network.none')}
        </p>
      )}
      <Outlet context={context} />
      <NativeDevWalletPrompt />
    </div>
  );
}
