/**
 * What a scanned payment request fills in an EVM send form: the recipient, and when
 * the request names them the token (native coin or one of the held tokens, by
 * contract) and the exact amount in that token's decimals.
 */

import { fixedAmount, type FixedAmount } from '../amount/fixedAmount';
import type { Scanned } from './scanned';

export interface FillableToken {
  readonly id: string;
  readonly isNative: boolean;
  /** EIP-55 contract; null for the native coin. */
  readonly address: string | null;
  readonly decimals: number;
}

export interface SendFill {
  readonly to: string;
  /** The token to pick, when the request names one the form offers. */
  readonly tokenId: string | null;
  /** The amount, when the request gives one. */
  readonly amount: FixedAmount | null;
  /** A requested token the form does not offer: only the recipient is filled. */
  readonly unknownToken: string | null;
}

const NATIVE_DECIMALS = 18;

export function sendFill(scanned: Scanned, tokens: readonly FillableToken[]): SendFill {
  switch (scanned.kind) {
    case 'recipient':
      return { to: scanned.to, tokenId: null, amount: null, unknownToken: null };
    case 'native-payment': {
      const native = tokens.find((token) => token.isNative) ?? null;
      return {
        to: scanned.to,
        tokenId: native?.id ?? null,
        amount: scanned.wei === null ? null : fixedAmount(scanned.wei, native?.decimals ?? NATIVE_DECIMALS),
        unknownToken: null,
      };
    }
    case 'token-payment': {
      const token = tokens.find((candidate) => candidate.address?.toLowerCase() === scanned.token.toLowerCase()) ?? null;
      if (token === null) return { to: scanned.to, tokenId: null, amount: null, unknownToken: scanned.token };
      return { to: scanned.to, tokenId: token.id, amount: scanned.raw === null ? null : fixedAmount(scanned.raw, token.decimals), unknownToken: null };
    }
  }
}
