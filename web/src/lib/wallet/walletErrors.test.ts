import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { createNotifier } from '../notify/notify';
import { createToastStore } from '../notify/toastStore';
import { classifyWalletError, EVM_ERROR_CODES, reportWalletError, type WalletErrorClassification } from './walletErrors';

/** A viem-style error: a named class with a short message and a cause. */
function viemError(name: string, shortMessage: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(`${shortMessage}\n\nVersion: viem@2`), { name, shortMessage, ...extra });
}

const cancelled = (code: 'USER_REJECTED' | 'ACTION_REJECTED' | null) => ({ outcome: 'cancelled', code });
const failed = (code: string, payload?: string) => ({ outcome: 'failed', code, ...(payload ? { payload } : {}) });

describe('classifyWalletError', () => {
  const cases: [string, unknown, Partial<WalletErrorClassification> | Record<string, unknown>][] = [
    // ethers string codes (spec §8)
    ['ethers CALL_EXCEPTION', { code: 'CALL_EXCEPTION', reason: 'ERC20: transfer amount exceeds balance' }, failed('CALL_EXCEPTION', 'ERC20: transfer amount exceeds balance')],
    ['ethers INSUFFICIENT_FUNDS', { code: 'INSUFFICIENT_FUNDS', message: 'insufficient funds for intrinsic transaction cost' }, failed('INSUFFICIENT_FUNDS')],
    ['ethers MISSING_NEW', { code: 'MISSING_NEW', message: 'missing new' }, failed('MISSING_NEW')],
    ['ethers NONCE_EXPIRED', { code: 'NONCE_EXPIRED', message: 'nonce has already been used' }, failed('NONCE_EXPIRED')],
    ['ethers NUMERIC_FAULT', { code: 'NUMERIC_FAULT', message: 'overflow' }, failed('NUMERIC_FAULT', 'overflow')],
    ['ethers REPLACEMENT_UNDERPRICED', { code: 'REPLACEMENT_UNDERPRICED', message: 'replacement fee too low' }, failed('REPLACEMENT_UNDERPRICED')],
    ['ethers TRANSACTION_REPLACED', { code: 'TRANSACTION_REPLACED', reason: 'repriced' }, failed('TRANSACTION_REPLACED')],
    ['ethers UNPREDICTABLE_GAS_LIMIT', { code: 'UNPREDICTABLE_GAS_LIMIT', message: 'cannot estimate gas' }, failed('UNPREDICTABLE_GAS_LIMIT')],
    ['ethers USER_REJECTED', { code: 'USER_REJECTED', message: 'user rejected' }, cancelled('USER_REJECTED')],
    ['ethers v6 ACTION_REJECTED', { code: 'ACTION_REJECTED', action: 'sendTransaction', reason: 'rejected' }, cancelled('ACTION_REJECTED')],
    // EIP-1193 numeric codes
    ['EIP-1193 4001', { code: 4001, message: 'User rejected the request.' }, cancelled('USER_REJECTED')],
    ['WalletConnect USER_REJECTED 5000', { code: 5000, message: 'User rejected.' }, cancelled('USER_REJECTED')],
    ['EIP-1193 4902', { code: 4902, message: 'Unrecognized chain ID "0x29".' }, failed('UNKNOWN_CHAIN')],
    ['EIP-1193 -32603', { code: -32603, message: 'Internal JSON-RPC error.' }, failed('INTERNAL_ERROR', 'Internal JSON-RPC error.')],
    [
      'MetaMask -32603 wrapping the node error',
      { code: -32603, message: 'Internal JSON-RPC error.', data: { code: -32000, message: 'insufficient funds for gas * price + value' } },
      failed('INSUFFICIENT_FUNDS', 'insufficient funds for gas * price + value'),
    ],
    [
      'ethers v6 wrapping a 4001 in info.error',
      { code: 'UNKNOWN_ERROR', message: 'could not coalesce error', info: { error: { code: 4001, message: 'denied' } } },
      cancelled('USER_REJECTED'),
    ],
    [
      'ethers v5 nesting the RPC error',
      { code: 'UNPREDICTABLE_GAS_LIMIT', error: { code: -32603, message: 'execution reverted: paused' } },
      failed('UNPREDICTABLE_GAS_LIMIT'),
    ],
    // viem classes
    ['viem UserRejectedRequestError', viemError('UserRejectedRequestError', 'User rejected the request.', { code: 4001 }), cancelled('USER_REJECTED')],
    [
      'viem wrapper with a rejected cause',
      viemError('TransactionExecutionError', 'Transaction failed', { cause: viemError('UserRejectedRequestError', 'User rejected the request.') }),
      cancelled('USER_REJECTED'),
    ],
    [
      'viem InsufficientFundsError under an estimate',
      viemError('EstimateGasExecutionError', 'Gas estimation failed', {
        cause: viemError('InsufficientFundsError', 'The total cost exceeds the balance of the account.'),
      }),
      failed('INSUFFICIENT_FUNDS', 'The total cost exceeds the balance of the account.'),
    ],
    ['viem NonceTooLowError', viemError('NonceTooLowError', 'Nonce provided for the transaction is lower than the next one.'), failed('NONCE_EXPIRED')],
    [
      'viem revert',
      viemError('ContractFunctionExecutionError', 'The contract function "transfer" reverted.', {
        cause: viemError('ContractFunctionRevertedError', 'The contract function "transfer" reverted with the following reason: paused'),
      }),
      failed('CALL_EXCEPTION'),
    ],
    ['viem SwitchChainError', viemError('SwitchChainError', 'An error occurred when attempting to switch chain.', { code: 4902 }), failed('UNKNOWN_CHAIN')],
    // message fallbacks
    ['MetaMask message only', new Error('MetaMask Tx Signature: User rejected the transaction.'), cancelled('USER_REJECTED')],
    ['bare string rejection', 'User rejected the request', cancelled('USER_REJECTED')],
    ['message-only revert', new Error('execution reverted: not owner'), failed('CALL_EXCEPTION', 'execution reverted: not owner')],
    // nothing known
    ['undefined error', undefined, cancelled(null)],
    ['unknown error', new Error('something odd'), { outcome: 'unknown', payload: 'something odd' }],
    ['unknown numeric code', { code: 4100, message: 'Unauthorized' }, { outcome: 'unknown', payload: 'Unauthorized' }],
    ['no message at all', { foo: 1 }, { outcome: 'unknown', payload: JSON.stringify({ foo: 1 }, null, 2) }],
  ];

  it.each(cases)('%s', (_name, error, expected) => {
    expect(classifyWalletError(error)).toMatchObject(expected);
  });

  it('survives cyclic errors', () => {
    const error: Record<string, unknown> = { message: 'loop' };
    error.cause = error;
    expect(classifyWalletError(error)).toMatchObject({ outcome: 'unknown', payload: 'loop' });
  });

  it('words the spec messages exactly and has a text for every code', () => {
    const text = (error: unknown) => i18n.t(classifyWalletError(error).message);
    expect(text({ code: 'INSUFFICIENT_FUNDS' })).toBe("You don't have enough funds to complete this transaction");
    expect(text({ code: 'NONCE_EXPIRED' })).toBe('The nonce used for this transaction is too low');
    expect(text({ code: 'USER_REJECTED' })).toBe('You rejected the transaction');
    expect(text({ code: 'ACTION_REJECTED' })).toBe('You canceled the action');
    expect(text(undefined)).toBe('Cancelled transaction');
    for (const code of [...EVM_ERROR_CODES, 'UNKNOWN_CHAIN', 'INTERNAL_ERROR', 'general']) {
      expect(i18n.exists(`wallet.error.${code}`), code).toBe(true);
    }
  });
});

describe('reportWalletError', () => {
  it('shows a cancelled transaction as a neutral message', () => {
    const store = createToastStore();
    reportWalletError({ code: 4001, message: 'User rejected the request.' }, createNotifier(store));
    expect(store.getSnapshot().main).toHaveLength(0);
    expect(store.getSnapshot().neutral).toMatchObject([{ message: { key: 'wallet.error.USER_REJECTED' } }]);
  });

  it('shows a known error as a failure with the raw error behind See Details', () => {
    const store = createToastStore();
    const error = { code: 'INSUFFICIENT_FUNDS', message: 'insufficient funds' };
    reportWalletError(error, createNotifier(store));
    expect(store.getSnapshot().main).toMatchObject([
      { kind: 'error', message: { key: 'wallet.error.INSUFFICIENT_FUNDS' }, details: JSON.stringify(error, null, 2) },
    ]);
  });

  it('shows an unknown error as the general EVM wallet error', () => {
    const store = createToastStore();
    reportWalletError('wallet exploded', createNotifier(store));
    expect(store.getSnapshot().main).toMatchObject([
      { kind: 'error', message: { key: 'wallet.error.general' }, details: 'wallet exploded' },
    ]);
  });
});
