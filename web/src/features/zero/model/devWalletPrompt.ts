/**
 * What the native development wallet asks the user before it signs (docs/adr/0003): the
 * transaction's actions, who authorizes each, the account and permission the key signs
 * for, and the network. The queue (lib/wallet/promptQueue.ts, shared with the EVM one) is
 * answered by NativeDevWalletPrompt.tsx; signing/devWalletSigner.ts asks it.
 */

import { createPromptQueue } from '../../../lib/wallet/promptQueue';
import type { NativeActionInput } from './actionWords';

/** One action of the transaction, its data decoded with the contract's ABI (hex text when the network has none). */
export interface ActionToSign extends NativeActionInput {
  /** Who authorizes it, each as account@permission (a fee sponsor's own action names the sponsor). */
  readonly authorization: readonly string[];
}

export interface NativeSignRequest {
  /** The network's display name. */
  readonly network: string;
  /** The account and permission whose key signs, as account@permission. */
  readonly signer: string;
  readonly actions: readonly ActionToSign[];
}

export const nativeDevWalletPrompts = createPromptQueue<NativeSignRequest>();
