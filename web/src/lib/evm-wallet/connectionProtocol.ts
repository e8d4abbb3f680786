/**
 * What the app knows about the connection-protocol (WalletConnect v2) wallet
 * without loading its SDK (walletConnect.ts loads on demand): the id its sessions
 * are stored under, and its rule for transfer preparation (spec §4, §9: debounced
 * 500 ms, where other wallets wait 400 ms after the last keystroke).
 */

/** The session's authenticator for a connection-protocol wallet. */
export const WALLET_CONNECT_ID = 'walletconnect';

/** How long the form's inputs rest before the server is asked to prepare the transfer. */
export const PREPARATION_DELAY_MS = 400;

/** Spec §9 "WalletConnect transfer debounce 500 ms": a phone signs over a relay, so fewer drafts are worth it. */
export const WALLET_CONNECT_PREPARATION_DELAY_MS = 500;

/** The preparation wait for the connected wallet (`null` when none is connected). */
export function preparationDelayMs(walletId: string | null | undefined): number {
  return walletId === WALLET_CONNECT_ID ? WALLET_CONNECT_PREPARATION_DELAY_MS : PREPARATION_DELAY_MS;
}
