/** What the home page offers for signing in (spec §2 "Home offers"), grouped by chain. */

/** A way in: a link to where it starts. */
export interface ConnectOption {
  readonly label: string;
  readonly detail: string;
  readonly to: string;
}

/** Native sign-in starts on /zero; the `signin` query preselects the way in. */
export function nativeSignInPath(method: 'anchor' | 'extension' | 'cleos' | 'viewer'): string {
  return `/zero/balance?signin=${method}`;
}

export interface ConnectGroup {
  id: 'evm' | 'zero';
  title: string;
  options: readonly ConnectOption[];
}

/** The EVM wallets depend on what this browser has; ConnectEvmWallet lists them when home renders. */
const EVM_GROUP: ConnectGroup = { id: 'evm', title: 'Telos EVM', options: [] };

const ZERO_GROUP: ConnectGroup = {
  id: 'zero',
  title: 'Telos Zero (native)',
  options: [
    { label: 'Browser extension wallet', detail: 'Scatter-compatible extensions, Wombat, TokenPocket', to: nativeSignInPath('extension') },
    { label: 'Mobile authenticator', detail: 'Anchor: scan a QR code on your phone or open the desktop app', to: nativeSignInPath('anchor') },
    { label: 'Command-line authenticator', detail: 'Choose active or owner; sign with cleos yourself', to: nativeSignInPath('cleos') },
  ],
};

/**
 * Home lists the EVM wallets first, unless the user just left a native session
 * (logout sends `?login=zero`), in which case the native wallets come first.
 */
export function connectGroups(loginQuery: string | null): readonly ConnectGroup[] {
  return loginQuery === 'zero' ? [ZERO_GROUP, EVM_GROUP] : [EVM_GROUP, ZERO_GROUP];
}
