import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../lib/ui/QrCode';
import { useCopyText } from '../../../lib/ui/useCopyText';

/**
 * Receive on a native network: the account name as text and QR code, a copy button, and
 * when a memo matters (an exchange's deposit needs one; a transfer into this account
 * does not).
 */
export function ReceiveDialog({ account, networkName, onClose }: { account: string; networkName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { copied, copy } = useCopyText({ key: 'zero.receive.copied_toast' }, { key: 'zero.receive.copy_failed' });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="dialog zero-dialog" aria-labelledby={titleId} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={titleId} className="zero-card__title">{t('zero.receive.title')}</h2>
      <p className="zero-muted">{t('zero.receive.lead', { network: networkName })}</p>
      <div className="zero-receive">
        <QrCode className="qr" text={account} alt={t('zero.receive.qr', { account })} failed={t('zero.receive.qr_failed')} />
        <div className="zero-receive__text">
          <p className="zero-receive__label">{t('zero.receive.account')}</p>
          <code className="zero-mono zero-receive__account" data-testid="zero-receive-account">{account}</code>
          <button type="button" className="button button--primary" onClick={() => { copy(account); }}>
            {copied ? t('zero.receive.copied') : t('zero.receive.copy')}
          </button>
        </div>
      </div>
      <p className="zero-receive__memo">{t('zero.receive.memo_hint')}</p>
      <div className="button-row zero-receive__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>{t('zero.receive.close')}</button>
      </div>
    </dialog>
  );
}
