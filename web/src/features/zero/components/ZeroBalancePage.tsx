import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SendableToken } from '../api/balances';
import { AccountHeading } from './AccountHeading';
import { ResourcesCard, RexCard, TokensCard } from './BalanceCards';
import { HistoryCard } from './HistoryCard';
import { LinkedEvmCard } from './LinkedEvmCard';
import { TransactionLookupCard } from './NetworkLookupCards';
import { ReceiveDialog } from './ReceiveDialog';
import { SignInPanel } from './SignInPanel';
import { TransferDialog } from './TransferDialog';
import { useZero } from './zeroContext';

export function ZeroBalancePage() {
  const { t } = useTranslation();
  const { session, network, restoring } = useZero();
  const [sending, setSending] = useState<SendableToken | null>(null);
  const [receiving, setReceiving] = useState(false);

  if (restoring) {
    return (
      <p className="zero-state page" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('zero.session.restoring')}
      </p>
    );
  }
  if (session === null || network?.name !== session.network) {
    return (
      <section className="page" aria-labelledby="page-title">
        <header className="page__header">
          <h1 id="page-title" className="page__title">{t('zero.balance.title_signed_out')}</h1>
          <p className="page__lead">{t('zero.balance.lead_signed_out')}</p>
        </header>
        <SignInPanel purpose={t('zero.signin.purpose_balance')} />
      </section>
    );
  }
  const canSend = session.authenticator !== 'viewer';
  return (
    <section className="page" aria-labelledby="page-title">
      <AccountHeading title={t('zero.balance.title')} session={session} networkName={network.displayName} />
      <div className="button-row zero-actions">
        <button type="button" className="button button--secondary" onClick={() => { setReceiving(true); }}>{t('zero.balance.receive')}</button>
        {canSend && <Link to="/zero/create-account" className="button button--secondary">{t('zero.create.title')}</Link>}
      </div>
      <div className="zero-grid">
        <TokensCard network={network.name} account={session.account} samplePrices={network.isDevnet} onSend={canSend ? setSending : null} />
        <ResourcesCard network={network.name} account={session.account} />
        <RexCard network={network.name} account={session.account} />
        {network.linkedNetwork !== null && <LinkedEvmCard network={network.name} account={session.account} />}
        <HistoryCard network={network.name} account={session.account} explorerUrl={network.explorerUrl} />
        <TransactionLookupCard network={network.name} />
      </div>
      {receiving && <ReceiveDialog account={session.account} networkName={network.displayName} onClose={() => { setReceiving(false); }} />}
      {sending !== null && <TransferDialog session={session} network={network} token={sending} onClose={() => { setSending(null); }} />}
    </section>
  );
}
