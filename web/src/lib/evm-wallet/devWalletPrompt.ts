/**
 * What the EVM development wallet asks the user before it signs (lib/wallet/promptQueue.ts),
 * rendered by DevWalletPrompt.tsx. Rejecting answers the page with EIP-1193's 4001, as an
 * extension would.
 */

import { createPromptQueue } from '../wallet/promptQueue';

export interface TransactionToConfirm {
  readonly from: string;
  readonly to: string | null;
  /** Wei. */
  readonly value: bigint;
  readonly data: string;
  readonly gas: bigint | null;
}

export const devWalletPrompts = createPromptQueue<TransactionToConfirm>();
