/**
 * Sign-in through WharfKit's SessionKit with its web renderer (the wallets' own
 * prompts: Anchor's QR code and link, extension pop-ups). Loaded on sign-in only.
 */

import { SessionKit, type WalletPlugin } from '@wharfkit/session';
import type { NativeSigner, WalletAuthenticatorId } from '../model/nativeSession';
import { sessionSigner } from './chainTools';

export interface NativeChain {
  readonly id: string;
  readonly rpcUrl: string;
}

async function walletPlugin(id: WalletAuthenticatorId): Promise<WalletPlugin> {
  switch (id) {
    case 'anchor':
      return new (await import('@wharfkit/wallet-plugin-anchor')).WalletPluginAnchor();
    case 'scatter':
      return new (await import('@wharfkit/wallet-plugin-scatter')).WalletPluginScatter();
    case 'wombat':
      return new (await import('@wharfkit/wallet-plugin-wombat')).WalletPluginWombat();
    case 'tokenpocket':
      return new (await import('@wharfkit/wallet-plugin-tokenpocket')).WalletPluginTokenPocket();
  }
}

const kits = new Map<string, SessionKit>();

async function sessionKit(id: WalletAuthenticatorId, chain: NativeChain): Promise<SessionKit> {
  const key = `${id}:${chain.id}:${chain.rpcUrl}`;
  const existing = kits.get(key);
  if (existing) return existing;
  const { WebRenderer } = await import('@wharfkit/web-renderer');
  const kit = new SessionKit(
    {
      appName: 'tandem',
      chains: [{ id: chain.id, url: chain.rpcUrl }],
      ui: new WebRenderer(),
      walletPlugins: [await walletPlugin(id)],
    },
    { expireSeconds: 30 },
  );
  kits.set(key, kit);
  return kit;
}

export interface WalletLogin {
  readonly account: string;
  readonly permission: string;
  readonly signer: NativeSigner;
}

export async function loginWithWallet(id: WalletAuthenticatorId, chain: NativeChain): Promise<WalletLogin> {
  const kit = await sessionKit(id, chain);
  const { session } = await kit.login({ chain: chain.id, walletPlugin: id });
  return {
    account: String(session.actor),
    permission: String(session.permission),
    signer: sessionSigner(session, chain.rpcUrl, () => kit.logout(session)),
  };
}

/** The wallet session WharfKit kept from an earlier login, or null when there is none. */
export async function restoreWallet(
  id: WalletAuthenticatorId,
  chain: NativeChain,
  account: string,
  permission: string,
): Promise<NativeSigner | null> {
  const kit = await sessionKit(id, chain);
  const session = await kit.restore({ chain: chain.id, actor: account, permission, walletPlugin: { id, data: {} } });
  return session ? sessionSigner(session, chain.rpcUrl, () => kit.logout(session)) : null;
}
