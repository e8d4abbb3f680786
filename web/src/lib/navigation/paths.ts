/** Path helpers shared by the router's guard and the features that navigate after login. */

export const HOME_PATH = '/';

/** True when `path` is `area` itself or lies below it (`/evm`, `/evm/send`, not `/evmx`). */
export function isWithin(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`);
}

/** The in-app page of one EVM transaction (its detail view). */
export function transactionPath(hash: string): string {
  return `/evm/tx/${encodeURIComponent(hash)}`;
}
