import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NATIVE_LANDING } from '../navigation/destinations';
import type { NetworkSummary } from '../networks/api/networks';
import { useStoredAccount } from '../session/useStoredAccount';

/**
 * The way from an EVM screen to moving TLOS to Telos Zero (ADR 0035): the move is signed
 * in both wallets, so it is offered when a native account is signed in too, on a network
 * whose chain has a Telos Zero half. The move itself lives with the native wallet.
 */
export function MoveToZeroLink({ network, className }: { network: NetworkSummary; className: string }) {
  const { t } = useTranslation();
  const native = useStoredAccount('native');
  if (native === null || network.linkedNetwork === null) return null;
  return <Link to={`${NATIVE_LANDING}?move=toZero`} className={className}>{t('evm.move_to_zero')}</Link>;
}
