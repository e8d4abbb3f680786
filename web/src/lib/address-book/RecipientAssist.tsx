import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerToolTexts } from '../i18n/tools';
import { AddressBookDialog } from './AddressBookDialog';
import { lookalikeOf } from './lookalike';
import { checkName, findEntry, sameAddress, suggestions, typedAddress, type AddressKind } from './model';
import { useAddressBook } from './useAddressBook';
import './address-book.css';

registerToolTexts();

interface RecipientAssistProps {
  readonly network: string;
  readonly networkName: string;
  readonly kind: AddressKind;
  /** The recipient as typed. */
  readonly value: string;
  /** The id of the `<datalist>` the recipient input names in its `list`. */
  readonly listId: string;
  /** Puts an address into the recipient field. */
  readonly onPick: (address: string) => void;
  /** The sending account: sending to it is named, never warned about as a first send. */
  readonly own?: string | null;
  /**
   * What the account's history on the chain says of the typed recipient: it was paid
   * before, it never was, or the history is being read or could not say (then this
   * browser's recent recipients decide).
   */
  readonly chainHistory?: ChainHistory;
  /** What the account's history on the chain says of poisoning by the typed recipient. */
  readonly poisoning?: PoisoningSigns | null;
}

/** Signs of address poisoning the chain's history gives about a recipient. */
export interface PoisoningSigns {
  /** An address the account paid that the recipient imitates (same first and last characters). */
  readonly imitates: string | null;
  /** The recipient appears in the account's history only in rows marked as poisoning. */
  readonly onlyInPoisoning: boolean;
}

/** Whether the account has sent to the typed recipient, by its history on the chain. */
export type ChainHistory = 'loading' | 'sent' | 'not_sent' | 'unknown';

/**
 * What the address book adds under a send form's recipient field: suggestions (saved
 * names, then recent recipients) as the input's list, who a typed address is, a warning
 * on a first send and on a look-alike of a known address, saving it, and the book itself.
 */
export function RecipientAssist({ network, networkName, kind, value, listId, onPick, own = null, chainHistory = 'unknown', poisoning = null }: RecipientAssistProps) {
  const { t } = useTranslation();
  const book = useAddressBook(network, kind);
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState<string | null>(null);
  const [nameError, setNameError] = useState(false);
  const options = suggestions(book.entries, book.recent, '');
  const address = typedAddress(kind, value);
  const saved = address === null ? null : findEntry(book.entries, address);
  const isOwn = address !== null && own !== null && sameAddress(own, address);
  const sentBefore = address !== null && (isOwn || chainHistory === 'sent'
    || book.recent.some((item) => sameAddress(item.address, address)));
  // The note waits for the chain's answer rather than flash and vanish.
  const firstSend = address !== null && saved === null && !sentBefore && chainHistory !== 'loading';
  const known = [...book.entries, ...book.recent.filter((item) => findEntry(book.entries, item.address) === null).map((item) => ({ address: item.address, name: null }))];
  const imitatedInBook = address === null || saved !== null || sentBefore ? null : lookalikeOf(kind, address, known);
  // The chain's history knows every address paid, not only this browser's recent ones.
  const imitatedOnChain = poisoning?.imitates == null || saved !== null || sentBefore
    ? null
    : { address: poisoning.imitates, name: findEntry(book.entries, poisoning.imitates)?.name ?? null };
  const imitated = imitatedInBook ?? imitatedOnChain;
  const plantedOnly = address !== null && saved === null && poisoning?.onlyInPoisoning === true;

  const saveTyped = () => {
    if (address === null || naming === null) return;
    const name = checkName(naming);
    if (!name.ok) {
      setNameError(true);
      return;
    }
    book.save({ name: name.value, address });
    setNaming(null);
    setNameError(false);
  };

  return (
    <div className="recipient-assist">
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.address} value={option.address} label={option.name ?? t('book.recent')} />
        ))}
      </datalist>
      {saved !== null && <p className="recipient-assist__known" role="status">{t('book.known_as', { name: saved.name })}</p>}
      {imitated !== null && (
        <p className="recipient-assist__danger" role="alert" data-testid="lookalike-warning">
          {t('book.lookalike', { known: imitated.name ?? t('book.lookalike_recent'), address: imitated.address })}
        </p>
      )}
      {plantedOnly && (
        <p className="recipient-assist__danger" role="alert" data-testid="poisoning-only-warning">{t('book.poisoning_only')}</p>
      )}
      {isOwn && <p className="recipient-assist__note" role="status" data-testid="own-recipient">{t('book.own_recipient')}</p>}
      {firstSend && imitated === null && (
        <p className="recipient-assist__note" role="status" data-testid="first-send-warning">{t('book.first_send')}</p>
      )}
      <div className="recipient-assist__actions">
        {/* A look-alike or a planted address is not offered for saving. */}
        {address !== null && saved === null && naming === null && imitated === null && !plantedOnly && (
          <button type="button" className="button button--ghost button--small" onClick={() => { setNaming(''); }}>{t('book.save_recipient')}</button>
        )}
        {naming !== null && (
          <span className="recipient-assist__naming">
            <input className="input" aria-label={t('book.save_recipient_label')} value={naming} maxLength={80} autoFocus aria-invalid={nameError}
              onChange={(event) => { setNaming(event.target.value); setNameError(false); }}
              onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); saveTyped(); } }} />
            <button type="button" className="button button--primary button--small" onClick={saveTyped}>{t('book.save')}</button>
            <button type="button" className="button button--ghost button--small" onClick={() => { setNaming(null); setNameError(false); }}>{t('book.cancel')}</button>
            {nameError && <span className="recipient-assist__danger" role="alert">{t('book.name_required')}</span>}
          </span>
        )}
        <button type="button" className="button button--ghost button--small" onClick={() => { setOpen(true); }}>{t('book.open')}</button>
      </div>
      {open && (
        <AddressBookDialog network={network} networkName={networkName} kind={kind} book={book} onClose={() => { setOpen(false); }}
          onPick={(picked) => { onPick(picked); setOpen(false); }} />
      )}
    </div>
  );
}
