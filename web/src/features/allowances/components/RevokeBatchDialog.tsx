import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWei } from '../../../lib/evm-wallet/TransactionReview';
import { transactionUrl } from '../../../lib/evm-wallet/transactions';
import { useAmountFormatter } from '../../../lib/preferences/usePreferences';
import type { ApprovalRow } from '../api/approvals';
import { assetLabel, spenderLabel } from '../model/approvalRow';
import { isBusy, nothingToSend, plannedFeeWei, progress, type BatchItem, type BatchState } from '../model/revokeBatch';
import type { RevokeBatch } from './useRevokeBatch';
// The transaction dialogs' look, also when no review was opened before on this page.
import '../../../lib/evm-wallet/transaction-review.css';

interface RevokeBatchDialogProps {
  readonly batch: RevokeBatch & { readonly state: BatchState };
  /** The rows as they were when selected, by batch id, to name each item. */
  readonly rows: ReadonlyMap<string, ApprovalRow>;
  readonly explorerUrl: string | null;
}

function ItemStatusText({ item, planned }: { item: BatchItem; planned: boolean }) {
  const { t } = useTranslation();
  const { status } = item;
  switch (status.kind) {
    case 'queued':
      return <>{planned ? t('allowances.batch.status.to_revoke') : t('allowances.batch.status.queued')}</>;
    case 'skipped':
      return <>{t('allowances.batch.status.skipped', { reason: t(`allowances.batch.skip.${status.reason}`) })}</>;
    case 'failed':
      return <>{t('allowances.batch.status.failed', { cause: status.cause })}</>;
    case 'rejected':
      return <>{t('allowances.batch.status.rejected')}</>;
    default:
      return <>{t(`allowances.batch.status.${status.kind}`)}</>;
  }
}

/** Spec §4 "Allowance revoke batch": the plan (what is skipped and why), then one transaction at a time with progress and Cancel. */
export function RevokeBatchDialog({ batch, rows, explorerUrl }: RevokeBatchDialogProps) {
  const { t } = useTranslation();
  const format = useAmountFormatter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { state } = batch;
  const busy = isBusy(state);
  const steps = progress(state);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const label = (id: string) => {
    const row = rows.get(id);
    return row ? `${assetLabel(row)} → ${spenderLabel(row)}` : id;
  };
  const current = steps.currentId === null ? null : label(steps.currentId);

  return (
    <dialog
      ref={dialogRef}
      className="dialog tx-dialog allowances-dialog allowances-batch"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        batch.close();
      }}
    >
      <h2 id={titleId} className="dialog__title tx-dialog__title">
        {t('allowances.batch.title', { count: state.selection.length })}
      </h2>

      {state.phase === 'planning' && (
        <p role="status" className="tx-dialog__status">
          <span className="spinner" aria-hidden="true" />
          {t('allowances.batch.planning')}
        </p>
      )}

      {state.phase === 'plan_failed' && (
        <p role="alert" className="tx-dialog__status tx-dialog__status--error">
          {t('allowances.batch.plan_failed', { cause: state.planError ?? '' })}
        </p>
      )}

      {state.phase === 'ready' && (
        <>
          <p className="tx-dialog__muted">{t('allowances.batch.lead')}</p>
          {nothingToSend(state) ? (
            <p role="status">{t('allowances.batch.nothing_to_send')}</p>
          ) : (
            <p>
              {t('allowances.batch.to_send', { count: steps.total })} · {t('allowances.batch.fees', { amount: format.gas(formatWei(plannedFeeWei(state).toString())) })}
            </p>
          )}
        </>
      )}

      {(state.phase === 'running' || state.phase === 'finished') && steps.total > 0 && (
        <div className="allowances-progress">
          <progress max={steps.total} value={steps.done} aria-label={t('allowances.batch.progress_label')} />
          <p role="status" className="allowances-progress__text">
            {state.phase === 'running' && steps.current !== null && t('allowances.batch.progress', { current: steps.current, total: steps.total })}
            {state.phase === 'running' && current !== null && <span className="allowances-block">{t('allowances.batch.current', { item: current })}</span>}
            {state.phase === 'running' && state.cancelRequested && <span className="allowances-block">{t('allowances.batch.cancelling')}</span>}
            {state.phase === 'finished' && state.outcome !== null &&
              t(`allowances.batch.outcome.${state.outcome}`, { confirmed: steps.confirmed, total: steps.total })}
          </p>
          {state.phase === 'finished' && steps.reverted > 0 && (
            <p role="alert" className="allowances-error">
              {t('allowances.batch.reverted_count', { count: steps.reverted })}
            </p>
          )}
        </div>
      )}

      {state.items.length > 0 && (
        <ol className="allowances-batch__items" aria-label={t('allowances.batch.items')}>
          {state.items.map((item) => {
            const hash = 'hash' in item.status ? item.status.hash : null;
            const link = hash === null ? undefined : transactionUrl(explorerUrl, hash);
            return (
              <li key={item.id} className={`allowances-batch__item allowances-batch__item--${item.status.kind}`} data-status={item.status.kind}>
                <span className="allowances-batch__label">{label(item.id)}</span>
                <span className="allowances-batch__status">
                  <ItemStatusText item={item} planned={state.phase === 'ready'} />
                  {hash !== null && link !== undefined && (
                    <>
                      {' '}
                      <a href={link} target="_blank" rel="noreferrer">
                        {t('tx.see_transaction')}
                      </a>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}

      <div className="button-row tx-dialog__actions">
        {state.phase === 'ready' && !nothingToSend(state) && (
          <button type="button" className="button button--primary" onClick={batch.start}>
            {t('allowances.batch.start', { count: steps.total })}
          </button>
        )}
        {state.phase === 'plan_failed' && (
          <button type="button" className="button button--primary" onClick={batch.retry}>
            {t('allowances.batch.retry')}
          </button>
        )}
        {state.phase === 'running' ? (
          <button type="button" className="button button--secondary" onClick={batch.cancel} disabled={state.cancelRequested}>
            {t('allowances.batch.cancel_running')}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={batch.close} disabled={busy}>
            {state.phase === 'finished' ? t('allowances.batch.close') : t('allowances.batch.cancel')}
          </button>
        )}
      </div>
    </dialog>
  );
}
