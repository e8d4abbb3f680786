/**
 * Where the development wallet keeps its pasted key: this tab's sessionStorage, so a
 * reload keeps the devnet session and closing the tab forgets the key. Only devnet
 * keys ever get here (the sign-in checks the network first), and sign-out removes it.
 */

const DEV_WALLET_KEY = 'tandem.devWalletKey';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDevWalletKey(): string | null {
  return tabStorage()?.getItem(DEV_WALLET_KEY) ?? null;
}

export function keepDevWalletKey(key: string): void {
  try {
    tabStorage()?.setItem(DEV_WALLET_KEY, key);
  } catch {
    // Without storage the key lives in memory only: a reload asks for it again.
  }
}

export function forgetDevWalletKey(): void {
  tabStorage()?.removeItem(DEV_WALLET_KEY);
}
