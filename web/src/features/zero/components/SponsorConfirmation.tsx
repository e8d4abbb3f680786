import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import { useNativeBalances } from '../api/balances';
import { useExactAsset } from './useExactAsset';
import { RECOMMENDED_STAKE, type FuelPreference } from '../model/sponsorDecision';
import { sponsorFeeFigures } from '../model/sponsorFee';
import type { SponsoredAnswer } from '../model/transferFlow';

/** Who pays and what the transaction itself takes from them, so the fee is shown with the total. */
export interface SponsorPayer {
  readonly network: string;
  readonly account: string;
  /** What the transaction takes from the account in the system token (sent, or the creation's cost); null when nothing. */
  readonly spent: FixedAmount | null;
}

/**
 * Spec §4 fee confirmation: the sponsor offers to pay the resources; the user sees
 * the fee (if any) with its fiat value and the total leaving the account, the advice to
 * hold 0.5 TLOS of CPU and NET, and may remember the choice.
 */
export function SponsorConfirmation({ answer, systemSymbol, payer, onDecide }: {
  answer: SponsoredAnswer;
  systemSymbol: string;
  payer: SponsorPayer;
  onDecide: (decision: FuelPreference) => void;
}) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const format = useAmountFormatter();
  const [{ fiatCurrency }] = usePreferences();
  const balances = useNativeBalances(payer.network, payer.account, fiatCurrency);
  const price = balances.data?.balances.find((row) => row.isSystem)?.price ?? null;
  const fee = answer.feeRequired ? answer.fee : null;
  const figures = fee === null ? null : sponsorFeeFigures(fee, price, payer.spent, systemSymbol);
  const withFiat = (asset: string, fiat: string | null) => (fiat === null ? asset : `${asset} · ${format.fiat(fiat)}`);
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
      {fee !== null && figures !== null && (
        <dl className="zero-facts" aria-label={t('zero.sponsor.figures')}>
          <div className="zero-facts__row">
            <dt>{t('zero.sponsor.fee_row')}</dt>
            <dd className="zero-mono" data-testid="sponsor-fee">{withFiat(exact(fee), figures.feeFiat)}</dd>
          </div>
          {figures.total !== null && (
            <div className="zero-facts__row zero-facts__row--total">
              <dt>{t('zero.sponsor.total_row')}</dt>
              <dd className="zero-mono" data-testid="sponsor-total">{withFiat(exact(figures.total), figures.totalFiat)}</dd>
            </div>
          )}
        </dl>
      )}
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
