import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isRecord } from '../api/client';
import { registerToolTexts } from '../i18n/tools';
import { downloadBlob } from '../ui/download';
import type { ExportFile, ExportProgress } from './csvDownload';
import { withPartyNames } from './csvNames';
import { checkRange, localDay, serverRangeIssue, type CheckedRange, type RangeIssue } from './range';
import './export.css';

registerToolTexts();

type Step =
  | { readonly kind: 'form' }
  | { readonly kind: 'running'; readonly progress: ExportProgress | null }
  | { readonly kind: 'done'; readonly rows: number; readonly name: string }
  | { readonly kind: 'failed'; readonly message: string };

interface ExportHistoryButtonProps {
  /** Starts the download of `range` (the endpoint of the EVM or native export). */
  readonly start: (range: CheckedRange, onProgress: (progress: ExportProgress) => void, signal: AbortSignal) => Promise<ExportFile>;
  /** What the values column means here (today's price, or not priced yet). */
  readonly note: string;
  /** The user's own name for a counterparty ("you", the address book's), or null: the file's last column. */
  readonly nameParty: (party: string) => string | null;
}

/** The history view's CSV export: a date range, a download with progress, saved only once complete. */
export function ExportHistoryButton({ start, note, nameParty }: ExportHistoryButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={() => { setOpen(true); }}>{t('historyExport.open')}</button>
      {open && <ExportDialog start={start} note={note} nameParty={nameParty} onClose={() => { setOpen(false); }} />}
    </>
  );
}

function ExportDialog({ start, note, nameParty, onClose }: ExportHistoryButtonProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const ids = { title: useId(), from: useId(), to: useId(), hint: useId() };
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [issue, setIssue] = useState<{ issue: RangeIssue; field: 'from' | 'to' } | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      abortRef.current?.abort();
      dialog?.close();
    };
  }, []);

  const close = () => {
    abortRef.current?.abort();
    onClose();
  };

  const run = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkRange(from, to, localDay(new Date()));
    if (!checked.ok) {
      setIssue({ issue: checked.issue, field: checked.field });
      return;
    }
    setIssue(null);
    const controller = new AbortController();
    abortRef.current = controller;
    setStep({ kind: 'running', progress: null });
    try {
      const file = await start(checked.value, (progress) => { setStep({ kind: 'running', progress }); }, controller.signal);
      const named = withPartyNames(await file.blob.text(), nameParty);
      downloadBlob(file.name, new Blob([named], { type: 'text/csv' }));
      setStep({ kind: 'done', rows: file.rows, name: file.name });
    } catch (error) {
      if (controller.signal.aborted) return;
      const rangeIssue = error instanceof ApiError ? serverRangeIssue(error.code) : null;
      if (rangeIssue !== null) {
        setIssue({ issue: rangeIssue, field: 'from' });
        setStep({ kind: 'form' });
        return;
      }
      const incomplete = error instanceof ApiError && error.code === 'export.history_incomplete';
      const progress = incomplete && isRecord(error.details) && typeof error.details.progress === 'number' ? error.details.progress : 0;
      const message = incomplete
        ? t('historyExport.incomplete', { percent: Math.floor(progress * 100) })
        : t('historyExport.failed', { cause: error instanceof Error ? error.message : String(error) });
      setStep({ kind: 'failed', message });
    }
  };

  const running = step.kind === 'running';
  const progress = step.kind === 'running' ? step.progress : null;
  const describedBy = (field: 'from' | 'to') => [ids.hint, issue?.field === field ? `${ids[field]}-error` : null].filter(Boolean).join(' ');

  return (
    <dialog ref={dialogRef} className="dialog export-dialog" aria-labelledby={ids.title} onCancel={(event) => { event.preventDefault(); close(); }}>
      <h2 id={ids.title} className="dialog__title">{t('historyExport.title')}</h2>
      <p className="muted">{t('historyExport.lead')}</p>
      <p className="muted">{note}</p>
      <form className="export-form" onSubmit={(event) => void run(event)} noValidate>
        <div className="export-form__fields">
          {(['from', 'to'] as const).map((field) => (
            <div key={field} className="export-field">
              <label htmlFor={ids[field]}>{t(`historyExport.${field}`)}</label>
              <input id={ids[field]} className="input" type="date" value={field === 'from' ? from : to} disabled={running}
                aria-invalid={issue?.field === field} aria-describedby={describedBy(field)}
                onChange={(event) => { (field === 'from' ? setFrom : setTo)(event.target.value); setIssue(null); }} />
              {issue?.field === field && <p id={`${ids[field]}-error`} className="export-field__error" role="alert">{t(issue.issue)}</p>}
            </div>
          ))}
        </div>
        <p id={ids.hint} className="muted">{t('historyExport.range_hint')}</p>
        {running && (
          <div role="status" className="export-progress">
            <span className="spinner" aria-hidden="true" />{' '}
            {progress === null
              ? t('historyExport.preparing')
              : progress.total === null
                ? t('historyExport.progress_unknown', { rows: progress.rows })
                : t('historyExport.progress', { rows: progress.rows, transactions: progress.transactions, total: progress.total })}
            {progress?.total != null && progress.total > 0 && (
              <progress max={progress.total} value={Math.min(progress.transactions, progress.total)} aria-label={t('historyExport.title')} />
            )}
          </div>
        )}
        {step.kind === 'done' && <p role="status" className="export-done">{t('historyExport.done', { count: step.rows, file: step.name })}</p>}
        {step.kind === 'failed' && <p role="alert" className="export-field__error">{step.message}</p>}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={running}>{t('historyExport.start')}</button>
          <button type="button" className="button button--secondary" onClick={close}>{running ? t('historyExport.cancel') : t('historyExport.close')}</button>
        </div>
      </form>
    </dialog>
  );
}
