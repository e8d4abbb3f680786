import { useState } from 'react';
import type { FixedAmount } from '../amount/fixedAmount';
import { useTranslation } from 'react-i18next';
import type { AmountValue } from '../preferences/amountFormatter';
import { useAmountFormatter } from '../preferences/usePreferences';

export type AmountKind = 'token' | 'gas';

interface AmountTextProps {
  readonly amount: AmountValue;
  /** Display precision (spec §9): token 4, gas 2. */
  readonly kind?: AmountKind;
  /** Shown after the number, kept on its line. */
  readonly symbol?: string;
}

/**
 * An amount at its display precision that never breaks inside the number; the exact
 * amount is one hover (title) or one tap away (a tap shows every digit, another goes
 * back). When the display already shows every digit it is plain text.
 */
export function AmountText({ amount, kind = 'token', symbol }: AmountTextProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const [showExact, setShowExact] = useState(false);
  const shown = kind === 'gas' ? format.gas(amount) : format.token(amount);
  const exact = format.exact(amount);
  const suffix = symbol === undefined ? '' : `\u00a0${symbol}`;
  if (shown === exact) {
    return <span className="amount">{`${shown}${suffix}`}</span>;
  }
  return (
    <button
      type="button"
      className="amount amount--rounded"
      title={t('amount.exact', { amount: `${exact}${suffix}` })}
      aria-label={showExact ? undefined : t('amount.rounded', { shown: `${shown}${suffix}`, exact: `${exact}${suffix}` })}
      aria-pressed={showExact}
      data-exact={exact}
      onClick={() => { setShowExact(!showExact); }}
    >
      {`${showExact ? exact : shown}${suffix}`}
    </button>
  );
}

/**
 * A token amount at its display precision (exact on hover or tap) whose raw value
 * stays machine-readable in <data>.
 */
export function ExactAmount({ amount }: { amount: FixedAmount }) {
  return (
    <data value={amount.raw.toString()}>
      <AmountText amount={amount} />
    </data>
  );
}
