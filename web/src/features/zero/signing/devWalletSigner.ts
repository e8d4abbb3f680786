/**
 * The development wallet's signer (docs/adr/0003): a pasted private key, on the
 * native devnet only. The guard runs here too, not only in the sign-in screen, so
 * no path can build this signer for another network. Like a real wallet it shows
 * every transaction and signs only when the user chooses Sign (model/devWalletPrompt.ts).
 */

import { PrivateKey } from '@wharfkit/antelope';
import { Session } from '@wharfkit/session';
import { WalletPluginPrivateKey } from '@wharfkit/wallet-plugin-privatekey';
import { assertDevWalletAllowed, type DevWalletNetworkFacts } from '../model/devWallet';
import { nativeDevWalletPrompts } from '../model/devWalletPrompt';
import type { NativeSigner } from '../model/nativeSession';
import { WalletRefusedError } from '../model/walletRefusal';
import { actionsToSign, contractAbis, decodeTransaction, sessionSigner } from './chainTools';

/** The public key (legacy EOS… form, as the devnet prints it) of a WIF or PVT_K1 key; throws on a malformed key. */
export function publicKeyOf(privateKey: string): string {
  return PrivateKey.from(privateKey.trim()).toPublic().toLegacyString();
}

export function devWalletSigner(
  network: DevWalletNetworkFacts & { readonly rpcUrl: string | null; readonly displayName: string },
  privateKey: string,
  account: string,
  permission: string,
): NativeSigner {
  assertDevWalletAllowed(network);
  const { rpcUrl, chainId } = network;
  if (rpcUrl === null || typeof chainId !== 'string') throw new Error(`${network.name} has no RPC endpoint`);
  const session = new Session({
    chain: { id: chainId, url: rpcUrl },
    actor: account,
    permission,
    walletPlugin: new WalletPluginPrivateKey(PrivateKey.from(privateKey.trim())),
  });
  // Signing out answers a prompt still on screen with Reject.
  const signer = sessionSigner(session, rpcUrl, () => {
    nativeDevWalletPrompts.rejectAll();
    return Promise.resolve();
  });
  return {
    ...signer,
    sign: async (packedTrx) => {
      const transaction = decodeTransaction(packedTrx);
      const actions = actionsToSign(transaction, await contractAbis(rpcUrl, transaction));
      const signed = await nativeDevWalletPrompts.ask({ network: network.displayName, signer: `${account}@${permission}`, actions });
      if (!signed) throw new WalletRefusedError();
      return signer.sign(packedTrx);
    },
  };
}
