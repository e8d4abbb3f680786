import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLinkedAccount } from '../api/native/linkedAccount';
import { NATIVE_LANDING } from '../navigation/destinations';
import type { NetworkSummary } from '../networks/api/networks';
import { useStoredAccount } from '../session/useStoredAccount';

/**
 * One account, both chains: the native Telos account this address is linked to
 * (`eosio.evm`), with a way back to it, at the end of the network's line of the wallet's
 * header (the /evm frame draws it where the route asks, handle `linkedNative`). Nothing is
 * shown when there is none or the lookup fails: the wallet works without it. It ends the
 * network's line rather than taking a line of its own, so its arrival after the page
 * painted moves nothing below.
 */
export function LinkedNativeAccount({ network, address }: { network: NetworkSummary; address: string }) {
  const { t } = useTranslation();
  const native = useStoredAccount('native');
  const linked = useLinkedAccount(network.linkedNetwork, address).data?.account ?? null;
  if (linked === null) return null;
  // The native wallet when it is the signed-in native account; its public page otherwise.
  const target = native === linked ? NATIVE_LANDING : `/zero/profile?${new URLSearchParams({ account: linked }).toString()}`;
  return (
    <span data-testid="linked-native-account">
      {' · '}
      {t('evmScreen.linked_native')} <strong>{linked}</strong> · <Link to={target}>{t('evmScreen.open_native')}</Link>
      {/* A linked address has no key: what it holds is reachable only through the native account. */}
      {' · '}<span role="note" data-testid="linked-keyless-warning">{t('evmScreen.linked_keyless', { account: linked })}</span>
    </span>
  );
}
