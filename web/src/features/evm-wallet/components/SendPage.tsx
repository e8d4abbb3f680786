import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFreshEvmBalances } from '../../../lib/api/evm/balances';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { registerTxTexts } from '../../../lib/i18n/tx';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { usePreferences } from '../../../lib/preferences/usePreferences';
import { BalancesUpdating } from '../../../lib/ui/FreshBalances';
import { QueryError } from '../../../lib/ui/QueryError';
import { sendTokens } from '../model/sendForm';
import { SendForm } from './SendForm';
import './evm-wallet.css';
import './send.css';

registerEvmTexts();
registerTxTexts();

/** Why the form is not offered, with the way out: connect the wallet on the home page. */
function CannotSend({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="card evm-card evm-send__blocked" role="region" aria-label={title}>
      <h2 className="card__title">{title}</h2>
      <p>{text}</p>
      <div className="button-row">
        <Link to={{ pathname: '/', hash: 'connect' }} className="button button--primary">
          {t('evm.send.connect')}
        </Link>
        <Link to="/evm/wallet?tab=balance" className="button button--secondary">
          {t('evm.send.back_to_wallet')}
        </Link>
      </div>
    </div>
  );
}

/** The form once the wallet can sign: the account's balances feed the token picker. */
function SendWithBalances({ network, account }: { network: NetworkSummary; account: string }) {
  const { t } = useTranslation();
  const [{ fiatCurrency }] = usePreferences();
  const { balances, updating } = useFreshEvmBalances(network.name, account, fiatCurrency);

  if (balances.isPending) {
    return (
      <p className="state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('evm.send.loading')}
      </p>
    );
  }
  if (balances.isError && balances.data === undefined) {
    return <QueryError failed={t('evm.balances.failed')} error={balances.error} onRetry={() => void balances.refetch()} />;
  }
  const [first, ...rest] = sendTokens(balances.data);
  if (first === undefined) return <p className="state">{t('evm.send.no_tokens')}</p>;
  return (
    <>
      {updating && <BalancesUpdating />}
      <SendForm network={network} account={account} tokens={[first, ...rest]} stale={updating} />
    </>
  );
}

/** /evm/send (spec §4 "Send"): TLOS or an ERC-20, checked, reviewed, signed in the user's wallet. */
export function SendPage() {
  const { t } = useTranslation();
  const { network, account, isViewer, canSign } = useSignedInEvmScreen();
  if (isViewer) return <CannotSend title={t('evm.send.viewer_title')} text={t('evm.send.viewer', { address: account })} />;
  if (!canSign) return <CannotSend title={t('evm.send.disconnected_title')} text={t('evm.send.disconnected', { address: account })} />;
  return <SendWithBalances network={network} account={account} />;
}
