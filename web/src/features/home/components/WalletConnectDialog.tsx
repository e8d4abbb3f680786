import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileBrowser } from '../../../lib/device';
import { QrCode } from '../../../lib/ui/QrCode';

/** How long "Link copied" shows (spec §8: copy confirmations 1 s). */
const COPIED_FOR_MS = 1_000;

type CopyState = 'idle' | 'copied' | 'failed';

interface WalletConnectDialogProps {
  /** The pairing link (`wc:…`) once the connection service has handed it out. */
  readonly uri: string | null;
  /** Closing the dialog (Cancel, Escape) cancels the pairing. */
  readonly onCancel: () => void;
}

/**
 * The connection protocol's pairing, in the app's own dialog (the SDK's modal is
 * off): the link as a QR code for a phone, Copy link for a wallet app on this
 * computer, and on a phone a link that opens the wallet app directly.
 */
export function WalletConnectDialog({ uri, onCancel }: WalletConnectDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const leadId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => { setCopy('idle'); }, COPIED_FOR_MS);
    return () => { window.clearTimeout(timer); };
  }, [copy]);

  // Closing the modal first lifts the page's inertness, so the opener can take the focus back.
  const cancel = () => {
    dialogRef.current?.close();
    onCancel();
  };

  const copyLink = (link: string) => {
    void navigator.clipboard.writeText(link).then(
      () => { setCopy('copied'); },
      () => { setCopy('failed'); },
    );
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog wc-dialog"
      aria-labelledby={titleId}
      aria-describedby={leadId}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t('home.wc_title')}
      </h2>
      <p id={leadId} className="dialog__lead">
        {t('home.wc_lead')}
      </p>
      {uri === null ? (
        <p className="wc-dialog__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('home.wc_preparing')}
        </p>
      ) : (
        <>
          <QrCode className="wc-dialog__qr" text={uri} alt={t('home.wc_qr')} failed={t('home.wc_qr_failed')} drawing={t('home.wc_preparing')} size={240} />
          <p className="wc-dialog__status" role="status">
            <span className="spinner" aria-hidden="true" />
            {t('home.wc_waiting')}
          </p>
          <div className="wc-dialog__actions">
            {isMobileBrowser() && (
              <a className="button button--primary" href={uri}>
                {t('home.wc_open')}
              </a>
            )}
            <button type="button" className="button button--secondary" onClick={() => { copyLink(uri); }}>
              {copy === 'copied' ? t('home.wc_copied') : t('home.wc_copy')}
            </button>
          </div>
          {copy === 'failed' && (
            <p className="view-evm__error" role="alert">
              {t('home.wc_copy_failed')}
            </p>
          )}
        </>
      )}
      <div className="wc-dialog__actions wc-dialog__actions--end">
        <button type="button" className="button button--ghost" onClick={cancel}>
          {t('home.wc_cancel')}
        </button>
      </div>
    </dialog>
  );
}
