import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountHeading } from './AccountHeading';
import { BandwidthPanel } from './BandwidthPanel';
import { RamPanel } from './RamPanel';
import { RexPanel } from './RexPanel';
import { SignInPanel } from './SignInPanel';
import { SystemActionDialog, type SystemActionPlan } from './SystemActionDialog';
import { VotePanel } from './VotePanel';
import { useZero } from './zeroContext';
import './stake.css';
import type { NativeSession } from '../model/nativeSession';
import type { NetworkSummary } from '../../../lib/networks/api/networks';

type Panels = (props: { session: NativeSession; network: NetworkSummary; onPlan: ((plan: SystemActionPlan) => void) | null }) => ReactNode;

/**
 * A signed-in page of system-contract actions: the panels show the account's figures; a
 * panel's form hands the transaction it built to the one review dialog (a read-only
 * session sees the figures only).
 */
function SystemActionsPage({ title, lead, panels }: { title: string; lead: string; panels: Panels }) {
  const { t } = useTranslation();
  const { session, network, restoring } = useZero();
  const [plan, setPlan] = useState<SystemActionPlan | null>(null);
  if (restoring) {
    return <p className="zero-state page" role="status"><span className="spinner" aria-hidden="true" />{t('zero.session.restoring')}</p>;
  }
  if (session === null || network?.name !== session.network) {
    return (
      <section className="page" aria-labelledby="page-title">
        <header className="page__header">
          <h1 id="page-title" className="page__title">{title}</h1>
          <p className="page__lead">{lead}</p>
        </header>
        <SignInPanel purpose={t('zero.signin.purpose_balance')} />
      </section>
    );
  }
  const onPlan = session.authenticator === 'viewer' ? null : setPlan;
  return (
    <section className="page" aria-labelledby="page-title">
      <AccountHeading title={title} session={session} networkName={network.displayName} />
      <p className="page__lead">{lead}</p>
      <div className="zero-grid">{panels({ session, network, onPlan })}</div>
      {plan !== null && <SystemActionDialog session={session} network={network} plan={plan} onClose={() => { setPlan(null); }} />}
    </section>
  );
}

/** /zero/stake: REX staking, CPU and NET, RAM. */
export function StakePage() {
  const { t } = useTranslation();
  return (
    <SystemActionsPage title={t('stake.title')} lead={t('stake.lead')} panels={(props) => (
      <>
        <RexPanel {...props} />
        <BandwidthPanel {...props} />
        <RamPanel {...props} />
      </>
    )} />
  );
}

/** /zero/vote: producer voting, directly or through a proxy. */
export function VotePage() {
  const { t } = useTranslation();
  return <SystemActionsPage title={t('stake.vote_title')} lead={t('stake.vote_lead')} panels={(props) => <VotePanel {...props} />} />;
}
