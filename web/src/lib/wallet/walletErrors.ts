/**
 * The one place EVM wallet errors are classified (spec §8). Wallets and their
 * libraries report the same problem in many shapes: ethers' string codes
 * (INSUFFICIENT_FUNDS…), EIP-1193 numeric codes (4001…), viem error classes
 * (UserRejectedRequestError…), often nested (MetaMask's -32603 carries the node's
 * error in `data`, ethers v6 in `info.error`, viem in `cause`), and sometimes
 * only a message. The whole chain is read and the most specific finding wins.
 *
 * Outcomes, as the UI handles them: a cancelled transaction is a neutral message;
 * a known error is a failure message with its payload; anything else is the
 * general EVM wallet error.
 */

import type { ParseKeys } from 'i18next';
import { rawErrorText } from '../notify/errorText';
import type { Notifier } from '../notify/notify';

/** The EVM error codes of spec §8 (ethers' names). */
export const EVM_ERROR_CODES = [
  'CALL_EXCEPTION',
  'INSUFFICIENT_FUNDS',
  'MISSING_NEW',
  'NONCE_EXPIRED',
  'NUMERIC_FAULT',
  'REPLACEMENT_UNDERPRICED',
  'TRANSACTION_REPLACED',
  'UNPREDICTABLE_GAS_LIMIT',
  'USER_REJECTED',
  'ACTION_REJECTED',
] as const;

export type EvmErrorCode = (typeof EVM_ERROR_CODES)[number];

/** Spec codes plus what EIP-1193 adds: a chain the wallet does not know, and its internal error. */
export type WalletErrorCode = EvmErrorCode | 'UNKNOWN_CHAIN' | 'INTERNAL_ERROR';

type CancelCode = 'USER_REJECTED' | 'ACTION_REJECTED';

export type FailureCode = Exclude<WalletErrorCode, CancelCode>;

/** EIP-1193 (and EIP-3085 / MetaMask's 4902) provider error codes. */
export const PROVIDER_ERROR = {
  userRejected: 4001,
  unknownChain: 4902,
  internal: -32603,
  /** The connection protocol's (WalletConnect v2) USER_REJECTED, which some wallet apps answer a refused request with. */
  connectionProtocolRejected: 5000,
} as const;

export type WalletErrorClassification =
  | { readonly outcome: 'cancelled'; readonly code: CancelCode | null; readonly message: ParseKeys }
  | { readonly outcome: 'failed'; readonly code: FailureCode; readonly message: ParseKeys; readonly payload: string }
  | { readonly outcome: 'unknown'; readonly message: ParseKeys; readonly payload: string };

const NUMERIC_CODES = new Map<number, WalletErrorCode>([
  [PROVIDER_ERROR.userRejected, 'USER_REJECTED'],
  [PROVIDER_ERROR.unknownChain, 'UNKNOWN_CHAIN'],
  [PROVIDER_ERROR.internal, 'INTERNAL_ERROR'],
  [PROVIDER_ERROR.connectionProtocolRejected, 'USER_REJECTED'],
]);

/** viem error classes by `name` (matched by name so viem need not be in the bundle). */
const VIEM_NAMES = new Map<string, WalletErrorCode>([
  ['UserRejectedRequestError', 'USER_REJECTED'],
  ['InsufficientFundsError', 'INSUFFICIENT_FUNDS'],
  ['NonceTooLowError', 'NONCE_EXPIRED'],
  ['ContractFunctionRevertedError', 'CALL_EXCEPTION'],
  ['ExecutionRevertedError', 'CALL_EXCEPTION'],
  ['EstimateGasExecutionError', 'UNPREDICTABLE_GAS_LIMIT'],
  ['SwitchChainError', 'UNKNOWN_CHAIN'],
  ['InternalRpcError', 'INTERNAL_ERROR'],
]);

/** Message fallbacks for wallets that send only text. */
const MESSAGE_HINTS: [RegExp, WalletErrorCode][] = [
  [/User rejected the|user denied/i, 'USER_REJECTED'],
  [/insufficient funds/i, 'INSUFFICIENT_FUNDS'],
  [/nonce too low|nonce has already been used/i, 'NONCE_EXPIRED'],
  [/replacement transaction underpriced|replacement fee too low/i, 'REPLACEMENT_UNDERPRICED'],
  [/unrecognized chain/i, 'UNKNOWN_CHAIN'],
  [/execution reverted/i, 'CALL_EXCEPTION'],
];

/** Broad findings give way to precise ones anywhere in the chain (a -32603 wrapping "insufficient funds"). */
function specificity(code: WalletErrorCode): number {
  if (code === 'INTERNAL_ERROR') return 0;
  if (code === 'CALL_EXCEPTION' || code === 'UNPREDICTABLE_GAS_LIMIT') return 1;
  return 2;
}

const NESTED_KEYS = ['cause', 'error', 'data', 'originalError', 'info'] as const;
const MAX_DEPTH = 6;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The error and everything nested in it, outermost first. */
function errorChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, depth: number) => {
    if (!isObject(node) || seen.has(node) || depth > MAX_DEPTH) return;
    seen.add(node);
    chain.push(node);
    for (const key of NESTED_KEYS) visit(node[key], depth + 1);
  };
  visit(error, 0);
  return chain;
}

function isEvmErrorCode(value: unknown): value is EvmErrorCode {
  return EVM_ERROR_CODES.some((code) => code === value);
}

/** A node's own text, the most readable form first (viem's shortMessage, ethers' reason). */
function textOf(node: Record<string, unknown>): string | null {
  for (const key of ['shortMessage', 'reason', 'message'] as const) {
    const value = node[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function codeOf(node: Record<string, unknown>): WalletErrorCode | null {
  const { code, name } = node;
  if (isEvmErrorCode(code)) return code;
  if (typeof code === 'number') {
    const numeric = NUMERIC_CODES.get(code);
    if (numeric) return numeric;
  }
  if (typeof name === 'string') {
    const named = VIEM_NAMES.get(name);
    if (named) return named;
  }
  const text = textOf(node);
  if (text === null) return null;
  return MESSAGE_HINTS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function classifyWalletError(error: unknown): WalletErrorClassification {
  if (error === undefined || error === null) {
    return { outcome: 'cancelled', code: null, message: 'notify.cancelled_transaction' };
  }
  // Some wallets throw bare strings; read them as an error's message.
  const chain = errorChain(typeof error === 'string' ? { message: error } : error);
  const findings = chain.flatMap((node) => {
    const code = codeOf(node);
    return code === null ? [] : [{ code, node }];
  });
  const cancel = findings.find((finding) => finding.code === 'USER_REJECTED' || finding.code === 'ACTION_REJECTED');
  if (cancel) {
    const code = cancel.code as CancelCode;
    return { outcome: 'cancelled', code, message: `wallet.error.${code}` };
  }
  const outer = chain[0];
  const fallbackPayload = (outer && textOf(outer)) ?? rawErrorText(error);
  const best = findings.reduce<(typeof findings)[number] | null>(
    (chosen, finding) => (chosen === null || specificity(finding.code) > specificity(chosen.code) ? finding : chosen),
    null,
  );
  if (best === null) {
    return { outcome: 'unknown', message: 'wallet.error.general', payload: fallbackPayload };
  }
  const code = best.code as FailureCode;
  return { outcome: 'failed', code, message: `wallet.error.${code}`, payload: textOf(best.node) ?? fallbackPayload };
}

/**
 * Shows a wallet error the way spec §8 asks: cancelled → neutral message; known →
 * failure toast with the raw error behind See Details; unknown → the general error.
 */
export function reportWalletError(error: unknown, notify: Notifier): WalletErrorClassification {
  const classified = classifyWalletError(error);
  if (classified.outcome === 'cancelled') {
    notify.neutral({ key: classified.message });
  } else {
    notify.error({ key: classified.message }, { details: isObject(error) ? rawErrorText(error) : classified.payload });
  }
  return classified;
}
