/**
 * "Add to wallet" for a token (spec §7 `wallet_watchAsset`, EIP-747): the wallet is
 * given the token's contract, symbol, decimals and logo, and shows it among the
 * user's assets. The wallet may say no (the user declined) or not know the method.
 */

import type { Message } from '../notify/toastStore';
import { classifyWalletError } from '../wallet/walletErrors';
import type { Eip1193Provider } from './provider';

export interface WatchedToken {
  /** EIP-55 contract address. */
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
  /** The logo as the server serves it (absolute, or a path of this site); null when the token has none. */
  readonly logo: string | null;
}

/** EIP-747 parameters; the logo made absolute, since the wallet fetches it from elsewhere. */
export function watchAssetParameters(token: WatchedToken, origin: string) {
  return {
    type: 'ERC20',
    options: {
      address: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      ...(token.logo === null ? {} : { image: new URL(token.logo, origin).href }),
    },
  } as const;
}

export type WatchOutcome =
  | { readonly kind: 'added' }
  /** The user said no in the wallet (a `false` answer or a 4001). */
  | { readonly kind: 'declined' }
  /** The wallet does not offer the method (EIP-1193 4200, JSON-RPC -32601). */
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'failed'; readonly error: unknown };

const UNSUPPORTED_CODES = new Set([4200, -32601]);

export async function addTokenToWallet(provider: Eip1193Provider, token: WatchedToken, origin: string): Promise<WatchOutcome> {
  try {
    // EIP-747 sends one object, not the list every other method takes; wallets read it as such.
    const params = watchAssetParameters(token, origin) as unknown as readonly unknown[];
    const answer = await provider.request({ method: 'wallet_watchAsset', params });
    return answer === false ? { kind: 'declined' } : { kind: 'added' };
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
    if (typeof code === 'number' && UNSUPPORTED_CODES.has(code)) return { kind: 'unsupported' };
    return classifyWalletError(error).outcome === 'cancelled' ? { kind: 'declined' } : { kind: 'failed', error };
  }
}

/** The notice for an outcome: success, neutral for the user's no, an error otherwise. */
export function watchOutcomeMessage(outcome: WatchOutcome, symbol: string): { kind: 'success' | 'neutral' | 'error'; message: Message } {
  const values = { symbol };
  switch (outcome.kind) {
    case 'added':
      return { kind: 'success', message: { key: 'antelope.evm.token_added', values } };
    case 'declined':
      return { kind: 'neutral', message: { key: 'antelope.evm.token_add_declined', values } };
    case 'unsupported':
      return { kind: 'error', message: { key: 'antelope.evm.error_support_provider_request', values } };
    case 'failed':
      return { kind: 'error', message: { key: 'antelope.evm.error_watch_asset', values } };
  }
}
