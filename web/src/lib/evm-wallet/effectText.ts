/**
 * The review's one sentence of what a prepared transaction does, in the user's language:
 * the server answers the effect as data (`PreparedTransaction.effect`: the asset, the
 * amount, the recipient, the spender, the NFT ids) and this words it through the `tx.effect.*`
 * keys. Addresses read as `0x1234…abcd`; a token or collection by its symbol, else its
 * name, else its address.
 */

import type { Schemas } from '../api/endpoints';
import { shortHex } from '../format/shortHex';
import { translate } from '../i18n/i18n';
import type { Message } from '../notify/toastStore';

export type Effect = Schemas['Effect'];
type AssetRef = Schemas['AssetRef'];

/** How the sentence writes an exact amount (the user's formatter). */
export type AmountText = (exact: string) => string;

function named(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A token as a sentence calls it: its symbol, else its name, else its address. */
export function tokenLabel(asset: AssetRef): string {
  return named(asset.symbol) ?? named(asset.name) ?? shortHex(asset.address ?? '');
}

/** A collection as a sentence calls it: its name, else its address. */
export function collectionLabel(collection: AssetRef): string {
  return named(collection.name) ?? shortHex(collection.address ?? '');
}

/** How the sentence names a party (the recipient, a spender): the user's own name for it, else its short form. */
export type PartyText = (address: string) => string;

/**
 * The sentence's key and values for `effect`: amounts written by `amount` (every digit),
 * estimates ("about N shares") by `estimate` (the display precision: an estimate's last
 * digits say nothing), parties by `party`.
 */
export function effectMessage(effect: Effect, amount: AmountText, party: PartyText = shortHex, estimate: AmountText = amount): Message {
  switch (effect.action) {
    case 'send':
      return { key: 'tx.effect.send', values: { amount: amount(effect.amount), symbol: tokenLabel(effect.asset), to: party(effect.to) } };
    case 'nftTransfer': {
      const values = { collection: collectionLabel(effect.collection), id: effect.tokenId, to: party(effect.to) };
      const quantity = effect.quantity ?? '1';
      return quantity === '1' ? { key: 'tx.effect.nft', values } : { key: 'tx.effect.nft_quantity', values: { ...values, quantity } };
    }
    case 'wrap':
      return { key: 'tx.effect.wrap', values: { amount: amount(effect.amount), symbol: effect.symbol, wrapped: effect.wrappedSymbol } };
    case 'unwrap':
      return { key: 'tx.effect.unwrap', values: { amount: amount(effect.amount), symbol: effect.symbol, wrapped: effect.wrappedSymbol } };
    case 'stake':
      return {
        key: 'tx.effect.stake',
        values: { amount: amount(effect.amount), symbol: effect.symbol, shares: estimate(effect.shares), staked: effect.stakedSymbol },
      };
    case 'unstake': {
      const period = translate(`duration.${effect.lock.unit}` as 'duration.hour', { count: effect.lock.value });
      return { key: 'tx.effect.unstake', values: { amount: amount(effect.amount), symbol: effect.symbol, period } };
    }
    case 'withdraw':
      return { key: 'tx.effect.withdraw', values: { amount: amount(effect.amount), symbol: effect.symbol } };
    case 'approve': {
      const values = { spender: party(effect.spender), symbol: tokenLabel(effect.token) };
      if (effect.unlimited) return { key: 'tx.effect.approve_unlimited', values };
      // An allowance set to zero takes the spender's right away: it reads as the revoke it is.
      if (/^0(\.0*)?$/.test(effect.amount)) return { key: 'tx.effect.revoke_allowance', values };
      return { key: 'tx.effect.approve', values: { ...values, amount: amount(effect.amount) } };
    }
    case 'revokeAllowance':
      return { key: 'tx.effect.revoke_allowance', values: { spender: party(effect.spender), symbol: tokenLabel(effect.token) } };
    case 'revokeNft':
      return {
        key: 'tx.effect.revoke_nft',
        values: { spender: party(effect.spender), collection: collectionLabel(effect.collection), id: effect.tokenId },
      };
    case 'revokeOperator':
      return { key: 'tx.effect.revoke_operator', values: { spender: party(effect.operator), collection: collectionLabel(effect.collection) } };
  }
}
