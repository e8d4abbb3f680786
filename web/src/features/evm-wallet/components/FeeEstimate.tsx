import { useTranslation } from 'react-i18next';
import { fromPlainString, type FixedAmount } from '../../../lib/amount/fixedAmount';
import type { PreparedTransaction } from '../../../lib/evm-wallet/transactions';
import { AmountText } from '../../../lib/ui/AmountText';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { addAmounts } from '../model/sendForm';

interface FeeEstimateProps {
  readonly id: string;
  /** Recipient and amount are valid, so the server can be asked. */
  readonly valid: boolean;
  readonly estimating: boolean;
  /** The server's answer for what is on screen now; null while there is none. */
  readonly prepared: PreparedTransaction | null;
  /** The amount, when it is paid in the fee's coin (a TLOS send): the total is shown too. */
  readonly sentAmount: FixedAmount | null;
}

/** The fee the server estimated for the send on screen, in TLOS and fiat (spec §4 "Send"). */
export function FeeEstimate({ id, valid, estimating, prepared, sentAmount }: FeeEstimateProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const fee = prepared === null ? null : fromPlainString(prepared.fee.amount);

  let content;
  if (prepared !== null && fee !== null) {
    const { symbol, fiat } = prepared.fee;
    content = (
      <dl className="evm-send__fee-facts">
        <div>
          <dt>{t('evm.send.fee')}</dt>
          <dd data-testid="evm-send-fee">
            <AmountText amount={fee} kind="gas" symbol={symbol} />{' '}
            <span className="muted">
              {fiat === null || fiat === undefined ? `(${t('evm.send.fee_no_price')})` : t('evm.send.fee_fiat', { fiat: format.fiat(fiat) })}
            </span>
          </dd>
        </div>
        {sentAmount !== null && (
          <div>
            <dt>{t('evm.send.total')}</dt>
            {/* What leaves the account, to the last digit: a total rounded to 1 TLOS would hide the fee it adds. */}
            <dd className="amount" data-testid="evm-send-total">{`${format.exact(addAmounts(sentAmount, fee))}\u00a0${symbol}`}</dd>
          </div>
        )}
      </dl>
    );
  } else if (estimating) {
    content = (
      <p className="state">
        <span className="spinner" aria-hidden="true" />
        {t('evm.send.fee_estimating')}
      </p>
    );
  } else if (!valid) {
    content = <p className="muted">{t('evm.send.fee_pending')}</p>;
  } else {
    // The server's objection shows under its field or the form instead.
    content = null;
  }

  return (
    <div id={id} className="evm-send__fee" role="status" aria-live="polite">
      {content}
    </div>
  );
}
