import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExactAsset } from './useExactAsset';
import { RECOMMENDED_STAKE, type FuelPreference } from '../model/sponsorDecision';
import type { SponsoredAnswer } from '../model/transferFlow';

/**
 * Spec §4 fee confirmation: the sponsor offers to pay the resources; the user sees
 * the fee (if any), the advice to hold 0.5 TLOS of CPU and NET, and may remember the choice.
 */
export function SponsorConfirmation({ answer, systemSymbol, onDecide }: { answer: SponsoredAnswer; systemSymbol: string; onDecide: (decision: FuelPreference) => void }) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const [remember, setRemember] = useState(false);
  const rememberId = useId();
  const titleId = useId();
  return (
    <section className="zero-sponsor" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('zero.sponsor.title')}</h3>
      <p>
        {answer.feeRequired && answer.fee !== null
          ? t('zero.sponsor.fee', { fee: exact(answer.fee) })
          : t('zero.sponsor.free')}
      </p>
      {answer.ramBytes !== null && answer.ramBytes > 0 && <p className="zero-muted">{t('zero.sponsor.ram', { bytes: answer.ramBytes })}</p>}
      <p className="zero-muted">{t('zero.sponsor.recommendation', { amount: RECOMMENDED_STAKE, symbol: systemSymbol })}</p>
      <label htmlFor={rememberId} className="zero-check">
        <input id={rememberId} type="checkbox" checked={remember} onChange={(event) => { setRemember(event.target.checked); }} />
        {t('zero.sponsor.remember')}
      </label>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => { onDecide({ remember, approve: true }); }}>
          {answer.feeRequired ? t('zero.sponsor.accept_fee') : t('zero.sponsor.accept')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => { onDecide({ remember, approve: false }); }}>
          {t('zero.sponsor.decline')}
        </button>
      </div>
    </section>
  );
}
