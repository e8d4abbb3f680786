import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTxTexts } from '../i18n/tx';
import type { PromptQueueView } from './promptQueue';
import '../evm-wallet/transaction-review.css';

registerTxTexts();

/**
 * A development wallet's "sign or reject" window, as a real wallet would show it: the
 * question (`lead`), the queue's request on screen (drawn by `children`), Sign and Reject. Escape rejects, as
 * closing a wallet's window does. Focus starts on the title, not on Sign, so a key
 * pressed on the way from the page's own button never signs.
 */
export function SignPromptDialog<Request>({ queue, lead, children }: {
  queue: PromptQueueView<Request>;
  /** Who signs what, as a question: "Sign this transaction with the devnet key of …?" */
  lead: (request: Request) => string;
  children: (request: Request) => ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(queue.subscribe, queue.current, () => null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending !== null && !dialog.open) {
      dialog.showModal();
      titleRef.current?.focus();
    }
    if (pending === null && dialog.open) dialog.close();
  }, [pending]);

  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog"
      // Which request is on screen, so a caller can tell the next prompt from this one.
      data-request={pending?.id}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (pending) queue.reject(pending.id);
      }}
    >
      {pending !== null && (
        <>
          <h2 id={titleId} ref={titleRef} tabIndex={-1} className="dialog__title tx-dialog__title">
            {t('tx.dev_wallet.title')}
          </h2>
          <p className="tx-dialog__lead">{lead(pending.request)}</p>
          {children(pending.request)}
          <div className="button-row tx-dialog__actions">
            <button type="button" className="button button--primary" onClick={() => { queue.approve(pending.id); }}>
              {t('tx.dev_wallet.sign')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => { queue.reject(pending.id); }}>
              {t('tx.dev_wallet.reject')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** One line of what is signed: its label and its value. */
export interface PromptFact {
  readonly label: string;
  readonly value: ReactNode;
}

/** The facts of a request as label and value, the way every transaction dialog lists them. */
export function PromptFacts({ facts }: { facts: readonly PromptFact[] }) {
  return (
    <dl className="tx-dialog__facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
