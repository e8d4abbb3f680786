import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import { readAllowanceChoice, spenderLabel, type AllowanceChoice, type Erc20Row } from '../model/approvalRow';
// The transaction dialogs' look, also when no review was opened before on this page.
import '../../../lib/evm-wallet/transaction-review.css';
import { TextWithAmounts } from '../../../lib/ui/TextWithAmounts';

interface ChangeAllowanceDialogProps {
  readonly row: Erc20Row;
  /** A valid new allowance: the page prepares it and shows the review. */
  readonly onSubmit: (choice: AllowanceChoice) => void;
  readonly onClose: () => void;
}

/** Asks for the new ERC-20 allowance: a custom amount with the token's decimals, or unlimited. */
export function ChangeAllowanceDialog({ row, onSubmit, onClose }: ChangeAllowanceDialogProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const amountId = useId();
  const hintId = useId();
  const errorId = useId();
  const [mode, setMode] = useState<'custom' | 'unlimited'>('custom');
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const choice = readAllowanceChoice(mode, input, row.tokenDecimals, format.separators);
  const error = touched && !choice.ok ? t(choice.error.key, choice.error.values ?? {}) : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (choice.ok) onSubmit(choice.value);
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog allowances-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title tx-dialog__title">
        {t('allowances.change.title')}
      </h2>
      <p>{t('allowances.change.lead', { symbol: row.tokenSymbol, spender: spenderLabel(row) })}</p>
      <dl className="tx-dialog__facts">
        <div>
          <dt>{t('allowances.change.current')}</dt>
          <dd>
            {row.unlimited ? (
              t('allowances.table.unlimited')
            ) : (
              <TextWithAmounts i18nKey="allowances.table.amount" values={{ symbol: row.tokenSymbol }} amounts={{ amount: { amount: row.allowance } }} />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('allowances.change.balance')}</dt>
          <dd>
            <TextWithAmounts i18nKey="allowances.table.amount" values={{ symbol: row.tokenSymbol }} amounts={{ amount: { amount: row.balance } }} />
          </dd>
        </div>
      </dl>
      <form className="allowances-form" onSubmit={submit} noValidate>
        <fieldset className="choice-row allowances-choice">
          <legend>{t('allowances.change.choice')}</legend>
          <label>
            <input type="radio" name="allowance-mode" value="custom" checked={mode === 'custom'} onChange={() => { setMode('custom'); }} />
            {t('allowances.change.custom')}
          </label>
          <label>
            <input type="radio" name="allowance-mode" value="unlimited" checked={mode === 'unlimited'} onChange={() => { setMode('unlimited'); }} />
            {t('allowances.change.unlimited')}
          </label>
        </fieldset>
        {mode === 'custom' ? (
          <div className="allowances-field">
            <label htmlFor={amountId}>{t('allowances.change.amount', { symbol: row.tokenSymbol })}</label>
            <input className="input"
              id={amountId}
              inputMode="decimal"
              autoComplete="off"
              value={input}
              aria-invalid={error !== null}
              aria-describedby={error === null ? hintId : `${hintId} ${errorId}`}
              onChange={(event) => { setInput(event.target.value); }}
              onBlur={() => { setTouched(true); }}
              autoFocus
            />
            <p id={hintId} className="muted allowances-hint">
              {t('allowances.change.amount_hint', { count: row.tokenDecimals })}
            </p>
            {error !== null && (
              <p id={errorId} className="allowances-error" role="alert">
                {error}
              </p>
            )}
          </div>
        ) : (
          <p className="tx-dialog__warning" role="note">
            {t('allowances.change.unlimited_warning')}
          </p>
        )}
        <div className="button-row tx-dialog__actions">
          <button type="submit" className="button button--primary">
            {t('allowances.change.submit')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('allowances.change.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
