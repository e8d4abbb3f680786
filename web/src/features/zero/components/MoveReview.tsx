import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { prepareTransaction } from '../../../lib/evm-wallet/api/prepareTransaction';
import { useAmountFormatter, usePreferences } from '../../../lib/preferences/usePreferences';
import type { MovePlan } from '../api/evmMove';
import { feesExceedAmount, moveDestination } from '../model/evmMove';

/** The EVM leg's fee as the node prices it now (the wallet shows the final one); nothing without an EVM leg. */
export function useMoveEvmFee(plan: MovePlan) {
  const [{ fiatCurrency }] = usePreferences();
  const leg = plan.evmLeg ?? null;
  return useQuery({
    queryKey: ['move-evm-fee', plan.evmNetwork, leg?.from, leg?.to, plan.quantity.amount],
    queryFn: ({ signal }) => leg === null
      ? Promise.resolve(null)
      : prepareTransaction(plan.evmNetwork, { kind: 'send', from: leg.from, to: leg.to, amount: plan.quantity.amount }, fiatCurrency, { signal }),
    enabled: leg !== null,
    staleTime: 10_000,
  });
}

/** Whether the EVM leg's fee eats the amount: the move is refused before signing. */
export function useFeesExceedAmount(plan: MovePlan): boolean {
  const fee = useMoveEvmFee(plan).data;
  return fee != null && feesExceedAmount(BigInt(plan.wei), BigInt(fee.fee.wei));
}

/** What the move does, before anything is signed: what leaves and arrives where, when, the signatures, fees and RAM. */
export function MoveReview({ plan, account }: { plan: MovePlan; account: string }) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const quantity = plan.quantity.quantity;
  const leg = plan.evmLeg ?? null;
  const evmFee = useMoveEvmFee(plan);
  const toEvm = plan.direction === 'toEvm';
  const destination = moveDestination(plan.direction, plan.nativeActions, account);
  const ram = plan.ram;
  const missing = ram.bytesFree == null ? 0 : Math.max(0, ram.bytesNeeded - ram.bytesFree);
  return (
    <>
      <dl className="zero-facts zero-move-review" aria-label={t('move.summary')} data-testid="move-review">
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('move.leaves')}</dt>
          <dd>{toEvm ? t('move.leaves_zero', { quantity, account }) : t('move.leaves_evm', { quantity, address: leg?.from ?? plan.linkedAddress ?? '' })}</dd>
        </div>
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('move.arrives')}</dt>
          <dd data-testid="move-arrives">{toEvm ? t('move.arrives_evm', { quantity, address: destination }) : t('move.arrives_zero', { quantity, account: destination })}</dd>
        </div>
        <div className="zero-facts__row zero-facts__row--block"><dt>{t('move.when')}</dt><dd>{t('move.when_seconds')}</dd></div>
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('move.signatures')}</dt>
          <dd>{leg === null ? t('move.signatures_one') : t('move.signatures_two')}</dd>
        </div>
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('move.fees')}</dt>
          <dd>
            {leg !== null && evmFee.data != null && <span className="zero-move-review__line" data-testid="move-evm-fee">{t('move.fee_evm', { amount: format.gas(evmFee.data.fee.amount) })}</span>}
            <span className="zero-move-review__line">{t('move.fee_native')}</span>
          </dd>
        </div>
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('move.ram')}</dt>
          <dd data-testid="move-ram">
            {ram.bytesNeeded === 0
              ? t('move.ram_none')
              : ram.bytesFree == null
                ? t('move.ram_unlimited', { bytes: ram.bytesNeeded, account })
                : t('move.ram_needed', { bytes: ram.bytesNeeded, account, free: ram.bytesFree })}
          </dd>
        </div>
      </dl>
      {leg !== null && evmFee.data != null && feesExceedAmount(BigInt(plan.wei), BigInt(evmFee.data.fee.wei)) && (
        <p className="zero-state zero-state--error" role="alert" data-testid="move-fee-exceeds">
          {t('move.fees_exceed', { quantity, fee: evmFee.data.fee.amount })}
        </p>
      )}
      {!ram.enough && (
        <p className="zero-state zero-state--error" role="alert" data-testid="move-ram-short">
          {t('move.ram_short', { bytes: ram.bytesNeeded, account, free: ram.bytesFree ?? 0, missing, cost: ram.costToBuy?.quantity ?? '' })}
        </p>
      )}
    </>
  );
}
