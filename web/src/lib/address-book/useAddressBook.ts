import { useCallback, useEffect, useState } from 'react';
import { browserStorage } from '../storage';
import { recordRecipient, removeEntry, upsertEntry, type AddressKind, type BookEntry, type RecentRecipient } from './model';
import { BOOK_CHANGED, readBook, readRecent, writeBook, writeRecent } from './storage';

export interface AddressBookState {
  readonly entries: readonly BookEntry[];
  readonly recent: readonly RecentRecipient[];
  save(entry: BookEntry): void;
  remove(address: string): void;
  /** Saves every entry of an import at once (all or nothing: the list was checked whole). */
  saveAll(entries: readonly BookEntry[]): void;
}

function announce(network: string) {
  window.dispatchEvent(new CustomEvent(BOOK_CHANGED, { detail: network }));
}

/** Records a confirmed transfer to `address` among the recent recipients of `network`. */
export function recordRecentRecipient(network: string, kind: AddressKind, address: string): void {
  const storage = browserStorage();
  writeRecent(storage, network, recordRecipient(readRecent(storage, network, kind), address, Date.now()));
  announce(network);
}

/** The address book and recent recipients of `network`, kept in step across the page (and other tabs). */
export function useAddressBook(network: string, kind: AddressKind): AddressBookState {
  const read = useCallback(() => {
    const storage = browserStorage();
    return { entries: readBook(storage, network, kind), recent: readRecent(storage, network, kind) };
  }, [network, kind]);
  const [state, setState] = useState(read);

  useEffect(() => {
    setState(read());
    const refresh = () => { setState(read()); };
    window.addEventListener(BOOK_CHANGED, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(BOOK_CHANGED, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, [read]);

  const write = useCallback(
    (change: (entries: readonly BookEntry[]) => BookEntry[]) => {
      const storage = browserStorage();
      writeBook(storage, network, change(readBook(storage, network, kind)));
      announce(network);
    },
    [network, kind],
  );

  return {
    ...state,
    save: (entry) => { write((entries) => upsertEntry(entries, entry)); },
    remove: (address) => { write((entries) => removeEntry(entries, address)); },
    saveAll: (imported) => { write((entries) => imported.reduce(upsertEntry, [...entries])); },
  };
}
