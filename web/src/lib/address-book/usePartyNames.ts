import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { shortHex } from '../format/shortHex';
import { registerToolTexts } from '../i18n/tools';
import { useStoredAccount } from '../session/useStoredAccount';
import type { AddressKind } from './model';
import { partyName } from './partyNames';
import { useAddressBook } from './useAddressBook';

registerToolTexts();

/**
 * How the screens of `network` name a party: "you" for the signed-in account of `kind`,
 * the address book's name for a saved address, else the name the screen knows for it (a
 * contract's), else its short form (`0x1234…abcd`; a native account name as it is). Follows
 * the book as it changes.
 */
export function usePartyLabel(network: string, kind: AddressKind): (address: string, known?: string | null) => string {
  const { t } = useTranslation();
  const account = useStoredAccount(kind);
  const { entries } = useAddressBook(network, kind);
  return useCallback(
    (address: string, known?: string | null) => {
      const named = partyName({ own: account === null ? [] : [account], book: entries }, address);
      if (named !== null) return named.kind === 'you' ? t('book.you') : named.name;
      return known ?? (kind === 'evm' ? shortHex(address) : address);
    },
    [account, entries, kind, t],
  );
}
