import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerAllowancesTexts } from '../../../lib/i18n/allowances';
import { ApprovalsCard } from './ApprovalsCard';
import './allowances.css';

registerAllowancesTexts();

/**
 * /evm/allowances: every ERC-20, ERC-721 and ERC-1155 approval the account gave, with
 * its risks; a connected wallet can change an ERC-20 allowance, revoke one approval,
 * or revoke a selection one transaction at a time. A read-only session sees the same
 * rows without the write controls.
 */
export function AllowancesPage() {
  const { t } = useTranslation();
  const { network, account, canSign } = useSignedInEvmScreen();
  return (
    <>
      {!canSign && (
        <p className="allowances-note" role="note">
          {t('allowances.connect_to_change')}{' '}
          <Link to="/" className="allowances-note__link">
            {t('allowances.connect')}
          </Link>
        </p>
      )}
      <ApprovalsCard network={network} account={account} canSign={canSign} />
    </>
  );
}
