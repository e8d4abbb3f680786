/**
 * The errors a send can end in (spec §8), as wallets and their libraries report
 * them: each spec code in ethers' shape, the EIP-1193 codes a wallet adds, an error
 * with only a message, and an error that is undefined. /demos/send-errors passes
 * each through the real classification, so the demo shows what a user would see.
 */

import { EVM_ERROR_CODES } from '../../../lib/wallet/walletErrors';

export interface SampleSendError {
  readonly label: string;
  readonly error: unknown;
}

const ETHERS_MESSAGES: Record<(typeof EVM_ERROR_CODES)[number], string> = {
  CALL_EXCEPTION: 'execution reverted: ERC20: transfer amount exceeds balance',
  INSUFFICIENT_FUNDS: 'insufficient funds for intrinsic transaction cost',
  MISSING_NEW: 'cannot call constructor without "new"',
  NONCE_EXPIRED: 'nonce has already been used',
  NUMERIC_FAULT: 'overflow',
  REPLACEMENT_UNDERPRICED: 'replacement fee too low',
  TRANSACTION_REPLACED: 'transaction was replaced',
  UNPREDICTABLE_GAS_LIMIT: 'cannot estimate gas; transaction may fail or may require manual gas limit',
  USER_REJECTED: 'user rejected transaction',
  ACTION_REJECTED: 'user rejected action',
};

export const SAMPLE_SEND_ERRORS: readonly SampleSendError[] = [
  ...EVM_ERROR_CODES.map((code) => ({ label: code, error: { code, reason: ETHERS_MESSAGES[code], message: ETHERS_MESSAGES[code] } })),
  { label: '4001 (EIP-1193)', error: { code: 4001, message: 'User rejected the request.' } },
  { label: '4902 (EIP-3085)', error: { code: 4902, message: 'Unrecognized chain ID "0x29".' } },
  { label: '-32603 with the node’s error inside', error: { code: -32603, message: 'Internal JSON-RPC error.', data: { code: -32000, message: 'insufficient funds for gas * price + value' } } },
  { label: 'Only a message', error: new Error('User rejected the request in the extension') },
  { label: 'Unknown', error: { code: 'SOMETHING_NEW', message: 'a wallet error no rule knows' } },
];
