import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTxTexts } from '../i18n/tx';
import { devWalletPrompts } from './devWalletPrompt';
import { formatWei } from './TransactionReview';
import './transaction-review.css';

registerTxTexts();

/** The development wallet's "sign or reject" window, as a real wallet would show it. */
export function DevWalletPrompt() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(devWalletPrompts.subscribe, devWalletPrompts.current, () => null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending !== null && !dialog.open) dialog.showModal();
    if (pending === null && dialog.open) dialog.close();
  }, [pending]);

  const transaction = pending?.transaction;
  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog"
      // Which request is on screen, so a caller can tell the next prompt from this one.
      data-request={pending?.id}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (pending) devWalletPrompts.reject(pending.id);
      }}
    >
      {pending !== null && transaction !== undefined && (
        <>
          <h2 id={titleId} className="dialog__title tx-dialog__title">
            {t('tx.dev_wallet.title')}
          </h2>
          <p>{t('tx.dev_wallet.lead', { address: transaction.from })}</p>
          <dl className="tx-dialog__facts">
            <div>
              <dt>{t('tx.dev_wallet.to')}</dt>
              <dd>
                <code className="address">{transaction.to ?? t('tx.dev_wallet.new_contract')}</code>
              </dd>
            </div>
            <div>
              <dt>{t('tx.dev_wallet.value')}</dt>
              <dd>{formatWei(transaction.value.toString())} TLOS</dd>
            </div>
            {transaction.gas !== null && (
              <div>
                <dt>{t('tx.dev_wallet.gas')}</dt>
                <dd>{transaction.gas.toString()}</dd>
              </div>
            )}
            <div>
              <dt>{t('tx.dev_wallet.data')}</dt>
              <dd>
                <pre className="tx-dialog__data">{transaction.data}</pre>
              </dd>
            </div>
          </dl>
          <div className="button-row tx-dialog__actions">
            <button type="button" className="button button--primary" onClick={() => { devWalletPrompts.approve(pending.id); }}>
              {t('tx.dev_wallet.sign')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => { devWalletPrompts.reject(pending.id); }}>
              {t('tx.dev_wallet.reject')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
