/**
 * The development wallet's signer (docs/adr/0003): a pasted private key, on the
 * native devnet only. The guard runs here too, not only in the sign-in screen, so
 * no path can build this signer for another network.
 */

import { PrivateKey } from '@wharfkit/antelope';
import { Session } from '@wharfkit/session';
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey';
import { assertDevWalletAllowed, type DevWalletNetworkFacts } from '../model/devWallet';
import type { NativeSigner } from '../model/nativeSession';
import { sessionSigner } from './chainTools';

/** The public key (legacy EOS… form, as the devnet prints it) of a WIF or PVT_K1 key; throws on a malformed key. */
export function publicKeyOf(privateKey: string): string {
  return PrivateKey.from(privateKey.trim()).toPublic().toLegacyString();
}

export function devWalletSigner(
  network: DevWalletNetworkFacts & { readonly rpcUrl: string | null },
  privateKey: string,
  account: string,
  permission: string,
): NativeSigner {
  assertDevWalletAllowed(network);
  if (network.rpcUrl === null || typeof network.chainId !== 'string') throw new Error(`${network.name} has no RPC endpoint`);
  const session = new Session({
    chain: { id: network.chainId, url: network.rpcUrl },
    actor: account,
    permission,
    walletPlugin: new WalletPluginPrivateKey(PrivateKey.from(privateKey.trim())),
  });
  return sessionSigner(session, network.rpcUrl, () => Promise.resolve());
}
