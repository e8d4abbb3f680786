import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SendableToken } from '../api/balances';
import type { PendingMove } from '../model/evmMove';
import { AccountHeading } from './AccountHeading';
import { ResourcesCard, RexCard, TokensCard } from './BalanceCards';
import { HistoryCard } from './HistoryCard';
import { LinkedEvmCard } from './LinkedEvmCard';
import { MoveTlosDialog } from './MoveTlosDialog';
import { PendingMoveNotice } from './PendingMoveNotice';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('move');
  const [moving, setMoving] = useState<{ direction: 'toEvm' | 'toZero'; pending: PendingMove | null } | null>(
    asked === 'toEvm' || asked === 'toZero' ? { direction: asked, pending: null } : null,
  );
  const stopMoving = () => {
    setMoving(null);
    if (searchParams.has('move')) setSearchParams((params) => { params.delete('move'); return params; }, { replace: true });
  };

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
  const canMove = canSend && network.linkedNetwork !== null;
  return (
    <section className="page" aria-labelledby="page-title">
      <AccountHeading title={t('zero.balance.title')} session={session} networkName={network.displayName} />
      <div className="button-row zero-actions">
        <button type="button" className="button button--secondary" onClick={() => { setReceiving(true); }}>{t('zero.balance.receive')}</button>
        {canMove && <button type="button" className="button button--secondary" onClick={() => { setMoving({ direction: 'toEvm', pending: null }); }}>{t('move.open')}</button>}
        <Link to="/zero/stake" className="button button--secondary">{t('zero.nav.stake')}</Link>
        {canSend && <Link to="/zero/create-account" className="button button--secondary">{t('zero.create.title')}</Link>}
      </div>
      {canMove && moving === null && <PendingMoveNotice network={network.name} account={session.account} onFinish={(pending) => { setMoving({ direction: 'toZero', pending }); }} />}
      <div className="zero-grid">
        <TokensCard network={network.name} account={session.account} samplePrices={network.isDevnet} onSend={canSend ? setSending : null} />
        <ResourcesCard network={network.name} account={session.account} />
        <RexCard network={network.name} account={session.account} />
        {network.linkedNetwork !== null && <LinkedEvmCard network={network.name} account={session.account} onMove={canMove ? () => { setMoving({ direction: 'toEvm', pending: null }); } : null} />}
        <HistoryCard network={network.name} account={session.account} explorerUrl={network.explorerUrl} />
        <TransactionLookupCard network={network.name} />
      </div>
      {moving !== null && canMove && <MoveTlosDialog session={session} network={network} direction={moving.direction} pending={moving.pending} onClose={stopMoving} />}
      {receiving && <ReceiveDialog account={session.account} networkName={network.displayName} onClose={() => { setReceiving(false); }} />}
      {sending !== null && <TransferDialog session={session} network={network} token={sending} onClose={() => { setSending(null); }} />}
    </section>
  );
}
