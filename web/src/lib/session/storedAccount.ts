/**
 * The account the user connected, as stored in localStorage under `account`
 * (spec §2: the auth guard only asks whether an account is stored). Login
 * itself arrives in a later release; this module is the single reader and writer.
 */

export const ACCOUNT_STORAGE_KEY = 'account';

/** Keys a logout clears (spec §4 "Logout"). */
export const SESSION_STORAGE_KEYS = ['network', ACCOUNT_STORAGE_KEY, 'isNative', 'autoLogin'] as const;

export type AccountKind = 'native' | 'evm';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An EVM address is 0x + 40 hex digits; anything else stored is a native account name. */
export function accountKind(account: string): AccountKind {
  return EVM_ADDRESS.test(account) ? 'evm' : 'native';
}

/** A stored value counts as an account only when it is non-blank. */
export function normaliseStoredAccount(raw: string | null): string | null {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** `0x1234…abcd` for addresses; native names are short already. */
export function shortAccountLabel(account: string): string {
  return accountKind(account) === 'evm' ? `${account.slice(0, 6)}…${account.slice(-4)}` : account;
}

const CHANGE_EVENT = 'tandem:account-changed';

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the app then behaves as logged out.
    return null;
  }
}

export function readStoredAccount(): string | null {
  return normaliseStoredAccount(safeStorage()?.getItem(ACCOUNT_STORAGE_KEY) ?? null);
}

export function clearSession(): void {
  const storage = safeStorage();
  for (const key of SESSION_STORAGE_KEYS) storage?.removeItem(key);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Subscribes to account changes in this tab and in other tabs. */
export function subscribeToStoredAccount(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCOUNT_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}
