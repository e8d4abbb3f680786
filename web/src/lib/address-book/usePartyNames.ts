import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { moveParty } from '../antelope/evmMove';
import { shortHex } from '../format/shortHex';
import { registerToolTexts } from '../i18n/tools';
import { useStoredAccount } from '../session/useStoredAccount';
import type { AddressKind } from './model';
import { partyName } from './partyNames';
import { useAddressBook } from './useAddressBook';

registerToolTexts();

/**
 * The user's own name for a party of `network`, or null when they have none: "you" for the
 * signed-in account of `kind`, else the address book's name, else the other half of a TLOS
 * move (ADR 0035): on the EVM a reserved address as the native account it stands for
 * ("Telos Zero alice"), on the native chain `eosio.evm` or an EVM address as "Telos EVM".
 * Follows the book as it changes.
 */
export function usePartyNamer(network: string, kind: AddressKind): (address: string) => string | null {
  const { t } = useTranslation();
  const account = useStoredAccount(kind);
  const { entries } = useAddressBook(network, kind);
  return useCallback(
    (address: string) => {
      const named = partyName({ own: account === null ? [] : [account], book: entries }, address);
      if (named === null) {
        const party = moveParty(kind, address);
        if (party === null) return null;
        return party.kind === 'telos-zero' ? t('book.telos_zero', { account: party.account }) : t('book.telos_evm');
      }
      return named.kind === 'you' ? t('book.you') : named.name;
    },
    [account, entries, t],
  );
}

/**
 * How the screens of `network` name a party: the user's own name for it (see
 * {@link usePartyNamer}), else the name the screen knows for it (a contract's), else its
 * short form (`0x1234…abcd`; a native account name as it is).
 */
export function usePartyLabel(network: string, kind: AddressKind): (address: string, known?: string | null) => string {
  const nameOf = usePartyNamer(network, kind);
  return useCallback(
    (address: string, known?: string | null) => nameOf(address) ?? known ?? (kind === 'evm' ? shortHex(address) : address),
    [nameOf, kind],
  );
}
