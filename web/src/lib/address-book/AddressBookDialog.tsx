import { useEffect, useId, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../ui/download';
import { checkName, normalizeAddress, type AddressKind, type BookEntry, type BookIssue } from './model';
import { exportCsv, exportJson, parseImport, type ImportProblem } from './transfer';
import type { AddressBookState } from './useAddressBook';

interface AddressBookDialogProps {
  readonly network: string;
  readonly networkName: string;
  readonly kind: AddressKind;
  readonly book: AddressBookState;
  readonly onClose: () => void;
  /** Picks an entry for the form that opened the book. */
  readonly onPick?: (address: string) => void;
}

interface Draft {
  readonly name: string;
  readonly address: string;
  /** The address being edited; null for a new entry. */
  readonly editing: string | null;
}

const EMPTY: Draft = { name: '', address: '', editing: null };

/** Manage the address book of one network: add, rename, delete, import and export. */
export function AddressBookDialog({ network, networkName, kind, book, onClose, onPick }: AddressBookDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), name: useId(), address: useId(), file: useId() };
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<{ name?: BookIssue; address?: BookIssue }>({});
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const issueText = (issue: BookIssue) => t(issue.key, issue.values ?? {});
  const problemText = (problem: ImportProblem): string => {
    const reason =
      problem.key === 'book.import.bad_row'
        ? t('book.import.bad_row', { line: problem.values.line, cause: issueText(problem.cause) })
        : t(problem.key, 'values' in problem ? problem.values : {});
    return t('book.import_failed', { reason });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    // The book opens from inside a send form: its submit is its own, not the form's.
    event.stopPropagation();
    const name = checkName(draft.name);
    const address = draft.editing === null ? normalizeAddress(kind, draft.address) : ({ ok: true, value: draft.editing } as const);
    if (!name.ok || !address.ok) {
      setErrors({ ...(name.ok ? {} : { name: name.error }), ...(address.ok ? {} : { address: address.error }) });
      return;
    }
    book.save({ name: name.value, address: address.value });
    // Said inside the dialog: a toast would cover its title.
    setNote({ ok: true, text: t('book.saved', { name: name.value }) });
    setDraft(EMPTY);
    setErrors({});
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setNote({ ok: false, text: t('book.import_read_failed') });
      return;
    }
    const result = parseImport(text, network, kind);
    if (!result.ok) {
      setNote({ ok: false, text: problemText(result.problem) });
      return;
    }
    book.saveAll(result.entries);
    setNote({ ok: true, text: t('book.imported', { count: result.entries.length }) });
  };

  const fileName = (extension: string) => `tandem-address-book-${network}.${extension}`;
  const edit = (entry: BookEntry) => {
    setDraft({ name: entry.name, address: entry.address, editing: entry.address });
    setErrors({});
  };

  // In the page's body: a send form opens the book, and forms do not nest.
  return createPortal(
    <dialog ref={dialogRef} className="dialog book-dialog" aria-labelledby={ids.title} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2 id={ids.title} className="dialog__title">{t('book.title')}</h2>
      <p className="muted">{t('book.lead', { network: networkName })}</p>

      {book.entries.length === 0 ? (
        <p className="muted">{t('book.empty')}</p>
      ) : (
        <ul className="book-list">
          {book.entries.map((entry) => (
            <li key={entry.address} className="book-list__item" data-testid="address-book-entry">
              <span className="book-list__name">{entry.name}</span>
              <code className="address book-list__address">{entry.address}</code>
              <span className="button-row book-list__actions">
                {onPick && (
                  <button type="button" className="button button--primary button--small" aria-label={t('book.use_label', { name: entry.name })} onClick={() => { onPick(entry.address); }}>
                    {t('book.use')}
                  </button>
                )}
                <button type="button" className="button button--ghost button--small" aria-label={t('book.edit_label', { name: entry.name })} onClick={() => { edit(entry); }}>
                  {t('book.edit')}
                </button>
                <button type="button" className="button button--ghost button--small" aria-label={t('book.delete_label', { name: entry.name })}
                  onClick={() => {
                    book.remove(entry.address);
                    setNote({ ok: true, text: t('book.deleted', { name: entry.name }) });
                  }}>
                  {t('book.delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <form className="book-form" onSubmit={submit} noValidate>
        <div className="book-field">
          <label htmlFor={ids.name}>{t('book.name')}</label>
          <input className="input" id={ids.name} value={draft.name} maxLength={80} autoComplete="off" aria-invalid={errors.name !== undefined}
            aria-describedby={errors.name ? `${ids.name}-error` : undefined}
            onChange={(event) => { setDraft({ ...draft, name: event.target.value }); }} />
          {errors.name && <p id={`${ids.name}-error`} className="book-field__error" role="alert">{issueText(errors.name)}</p>}
        </div>
        <div className="book-field">
          <label htmlFor={ids.address}>{kind === 'evm' ? t('book.address') : t('book.account')}</label>
          <input className="input address" id={ids.address} value={draft.address} autoComplete="off" spellCheck={false} readOnly={draft.editing !== null}
            aria-invalid={errors.address !== undefined} aria-describedby={errors.address ? `${ids.address}-error` : undefined}
            onChange={(event) => { setDraft({ ...draft, address: event.target.value }); }} />
          {errors.address && <p id={`${ids.address}-error`} className="book-field__error" role="alert">{issueText(errors.address)}</p>}
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">{t('book.save')}</button>
          {draft.editing !== null && (
            <button type="button" className="button button--secondary" onClick={() => { setDraft(EMPTY); setErrors({}); }}>{t('book.cancel')}</button>
          )}
        </div>
      </form>

      <div className="book-files">
        <div className="button-row">
          <button type="button" className="button button--secondary button--small" disabled={book.entries.length === 0}
            onClick={() => { downloadText(fileName('json'), exportJson(network, book.entries), 'application/json'); }}>
            {t('book.export_json')}
          </button>
          <button type="button" className="button button--secondary button--small" disabled={book.entries.length === 0}
            onClick={() => { downloadText(fileName('csv'), exportCsv(network, book.entries), 'text/csv'); }}>
            {t('book.export_csv')}
          </button>
          <button type="button" className="button button--secondary button--small" aria-describedby={`${ids.file}-hint`} onClick={() => fileRef.current?.click()}>
            {t('book.import_file')}
          </button>
          <input ref={fileRef} id={ids.file} hidden type="file" accept=".json,.csv,application/json,text/csv" aria-label={t('book.import_file')}
            onChange={(event) => void importFile(event)} />
        </div>
        <p id={`${ids.file}-hint`} className="muted">{t('book.import_hint', { network: networkName })}</p>
        {note && (
          <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'book-files__ok' : 'book-field__error'}>{note.text}</p>
        )}
      </div>

      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onClose}>{t('book.close')}</button>
      </div>
    </dialog>,
    document.body,
  );
}
