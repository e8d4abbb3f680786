/**
 * A new K1 key pair, made in this browser from its cryptographic random source
 * (WharfKit's `PrivateKey.generate`); loaded only on the account-creation page. The
 * private key leaves this module only to be shown to its owner once.
 */

import { PrivateKey } from '@wharfkit/antelope';

export interface GeneratedKeyPair {
  /** WIF (`5…`), the form wallets import. */
  readonly privateKey: string;
  /** Legacy `EOS…` form, as Telos wallets and explorers show it. */
  readonly publicKey: string;
}

export function generateKeyPair(): GeneratedKeyPair {
  const key = PrivateKey.generate('K1');
  return { privateKey: key.toWif(), publicKey: key.toPublic().toLegacyString() };
}
