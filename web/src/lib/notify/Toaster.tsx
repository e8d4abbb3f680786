import { useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isDebugMode } from '../debug';
import '../i18n/i18n';
import { Icon, type IconName } from '../ui/icons';
import { watchTopModal } from '../ui/modalStack';
import { watchConnectivity } from './connectivity';
import { toasts } from './notify';
import type { Message, Toast, ToastKind } from './toastStore';
import './notify.css';

const ICONS: Record<ToastKind, IconName> = {
  error: 'alert',
  warning: 'warning',
  success: 'check',
  copied: 'copy',
  info: 'info',
  neutral: 'info',
};

function useMessageText() {
  const { t } = useTranslation();
  return (message: Message) => ('text' in message ? message.text : t(message.key, message.values ?? {}));
}

/** Keyboard users dismiss with Escape; focus then returns to the page instead of being lost. */
function dismissAndRefocus(id: number, element: HTMLElement) {
  const hadFocus = element.contains(document.activeElement);
  toasts.dismiss(id);
  if (hadFocus) document.getElementById('main')?.focus();
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const text = useMessageText();
  // Debug mode (development hosts only) shows the raw error at once.
  const [showDetails, setShowDetails] = useState(isDebugMode);
  const detailsId = useId();
  const pause = () => {
    toasts.pause(toast.id);
  };
  const resume = () => {
    toasts.resume(toast.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && toast.dismissible) {
      // Inside a modal dialog, Escape would close the dialog too.
      event.preventDefault();
      event.stopPropagation();
      dismissAndRefocus(toast.id, event.currentTarget);
    }
  };

  return (
    <li
      className={`toast toast--${toast.kind}`}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onKeyDown={onKeyDown}
    >
      <span className="toast__icon">
        <Icon name={ICONS[toast.kind]} size={20} />
      </span>
      <div className="toast__body">
        {toast.title && <p className="toast__title">{text(toast.title)}</p>}
        <p className="toast__message">
          {text(toast.message)}
          {toast.count > 1 && <span className="toast__count"> {t('notify.repeated', { count: toast.count })}</span>}
        </p>
        {(toast.details !== null || toast.transactionUrl !== null || toast.transactionPath !== null) && (
          <div className="toast__actions">
            {toast.details !== null && (
              <button
                type="button"
                className="toast__action"
                aria-expanded={showDetails}
                aria-controls={detailsId}
                onClick={() => {
                  setShowDetails((shown) => !shown);
                }}
              >
                {showDetails ? t('notify.hide_details') : t('notify.see_details')}
              </button>
            )}
            {toast.transactionUrl !== null && (
              <a className="toast__action" href={toast.transactionUrl} target="_blank" rel="noopener noreferrer">
                {t('notify.see_transaction')}
                <Icon name="external" size={14} />
              </a>
            )}
            {toast.transactionUrl === null && toast.transactionPath !== null && (
              <Link className="toast__action" to={toast.transactionPath} onClick={() => { toasts.dismiss(toast.id); }}>
                {t('notify.see_transaction')}
              </Link>
            )}
          </div>
        )}
        {toast.details !== null && (
          <pre id={detailsId} className="toast__details" hidden={!showDetails}>
            {toast.details}
          </pre>
        )}
      </div>
      {toast.dismissible && (
        <button
          type="button"
          className="toast__dismiss"
          aria-label={t('notify.dismiss')}
          onClick={(event) => {
            const item = event.currentTarget.closest('li');
            if (item) dismissAndRefocus(toast.id, item);
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </li>
  );
}

/**
 * Every toast of the app (spec §8) and the offline notice, inside the topmost
 * modal dialog while one is open. The live regions are
 * always in the page so screen readers announce what is added to them: errors
 * assertively (role=alert), everything else politely (role=status).
 */
export function Toaster() {
  const { t } = useTranslation();
  const snapshot = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, toasts.getSnapshot);

  const [topModal, setTopModal] = useState<HTMLDialogElement | null>(null);

  useEffect(() => watchConnectivity(window, navigator, toasts), []);
  useEffect(() => watchTopModal(document, setTopModal), []);

  const alerts = snapshot.main.filter((toast) => toast.kind === 'error');
  const statuses = snapshot.main.filter((toast) => toast.kind !== 'error');
  const toaster = (
    <section className="toaster" aria-label={t('notify.region')}>
      <div className="toaster__stack toaster__stack--main">
        <ol className="toaster__list" role="alert" aria-live="assertive">
          {alerts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
        <ol className="toaster__list" role="status" aria-live="polite">
          {statuses.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ol>
      </div>
      <ol className="toaster__stack toaster__stack--neutral toaster__list" role="status" aria-live="polite">
        {snapshot.neutral.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
  // Over an open modal dialog the toasts must live inside it to be seen and used (see modalStack).
  return topModal === null ? toaster : createPortal(toaster, topModal);
}
