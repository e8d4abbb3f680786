/**
 * Switching an injected EVM wallet to a network (spec §4 "Chain data refresh"):
 * ask for wallet_switchEthereumChain (EIP-3326); when the wallet does not know
 * the chain (4902, or -32603 from wallets that wrap it) add it with
 * wallet_addEthereumChain (EIP-3085) and make sure it is the active one. A
 * rejection (4001) is a neutral outcome, not an error.
 */

import type { ParseKeys } from 'i18next';
import type { Notifier } from '../notify/notify';
import { rawErrorText } from '../notify/errorText';
import { classifyWalletError } from './walletErrors';

/** The one method of an EIP-1193 provider this needs. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** EIP-3085 parameters. */
export interface AddEthereumChainParameter {
  chainId: `0x${string}`;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
  iconUrls?: string[];
}

export type SwitchOutcome =
  | { readonly kind: 'switched' }
  /** The wallet did not know the chain: it was added and is now active. */
  | { readonly kind: 'added' }
  | { readonly kind: 'rejected'; readonly message: ParseKeys }
  | { readonly kind: 'failed'; readonly message: FailureKey; readonly error: unknown };

/** A failed switch's message, and the same with the wallet's reason after it. */
type FailureKey = 'antelope.evm.error_add_chain' | 'antelope.evm.error_switch_chain' | 'antelope.chain.error_settings_not_found';
const WITH_REASON: Partial<Record<FailureKey, ParseKeys>> = {
  'antelope.evm.error_add_chain': 'antelope.evm.error_add_chain_reason',
  'antelope.evm.error_switch_chain': 'antelope.evm.error_switch_chain_reason',
};

export function toHexChainId(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`;
}

function sameChain(reported: unknown, chainId: `0x${string}`): boolean {
  if (typeof reported === 'string') return reported.toLowerCase() === chainId;
  if (typeof reported === 'number') return toHexChainId(reported) === chainId;
  return false;
}

type Failure = { kind: 'rejected' } | { kind: 'unknownChain' } | { kind: 'other' };

function failureOf(error: unknown): Failure {
  const classified = classifyWalletError(error);
  if (classified.outcome === 'cancelled') return { kind: 'rejected' };
  if (classified.outcome === 'failed' && (classified.code === 'UNKNOWN_CHAIN' || classified.code === 'INTERNAL_ERROR')) {
    return { kind: 'unknownChain' };
  }
  return { kind: 'other' };
}

async function requestSwitch(provider: Eip1193Provider, chainId: `0x${string}`): Promise<void> {
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
}

async function addChain(provider: Eip1193Provider, chain: AddEthereumChainParameter): Promise<SwitchOutcome> {
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [chain] });
  } catch (error) {
    return failureOf(error).kind === 'rejected'
      ? { kind: 'rejected', message: 'antelope.evm.error_add_chain_rejected' }
      : { kind: 'failed', message: 'antelope.evm.error_add_chain', error };
  }
  // Most wallets switch to a chain they just added; the others are asked once more.
  try {
    if (!sameChain(await provider.request({ method: 'eth_chainId' }), chain.chainId)) {
      await requestSwitch(provider, chain.chainId);
    }
    return { kind: 'added' };
  } catch (error) {
    return failureOf(error).kind === 'rejected'
      ? { kind: 'rejected', message: 'antelope.evm.error_switch_chain_rejected' }
      : { kind: 'failed', message: 'antelope.evm.error_switch_chain', error };
  }
}

export async function switchNetwork(provider: Eip1193Provider, chain: AddEthereumChainParameter): Promise<SwitchOutcome> {
  try {
    await requestSwitch(provider, chain.chainId);
    return { kind: 'switched' };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'unknownChain') return addChain(provider, chain);
    return failure.kind === 'rejected'
      ? { kind: 'rejected', message: 'antelope.evm.error_switch_chain_rejected' }
      : { kind: 'failed', message: 'antelope.evm.error_switch_chain', error };
  }
}

/**
 * The notice for an outcome: success after a switch, neutral for a rejection, an error
 * with details otherwise. After a sign-in `account` names who connected, so the first
 * notice says which account the wallet shared, not only where it is.
 */
export function reportSwitchOutcome(outcome: SwitchOutcome, chainName: string, notify: Notifier, account?: string): void {
  const values = { network: chainName };
  switch (outcome.kind) {
    case 'switched':
    case 'added':
      notify.success(account === undefined ? { key: 'network.switched', values } : { key: 'network.switched_as', values: { ...values, account } });
      return;
    case 'rejected':
      notify.neutral({ key: outcome.message, values });
      return;
    case 'failed': {
      // The wallet's own reason belongs in the message, where the user reads it; its
      // whole error (codes, data) stays behind See Details.
      const reason = walletReason(outcome.error);
      const withReason = WITH_REASON[outcome.message];
      const message = reason === null || withReason === undefined
        ? { key: outcome.message, values }
        : { key: withReason, values: { ...values, reason } };
      notify.error(message, { details: rawErrorText(outcome.error) });
    }
  }
}

/** Longest wallet reason put in a message; a longer text is a dump, for See Details. */
const REASON_LIMIT = 160;

/**
 * The reason a wallet gave for refusing, when it is a sentence a person can read: its
 * error's message, on one line, short, not a stack or JSON.
 */
export function walletReason(error: unknown): string | null {
  const message = typeof error === 'string' ? error
    : typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message
      : null;
  const text = message?.trim() ?? '';
  if (text === '' || text.length > REASON_LIMIT || /[\n{}]|\bat\s+\S+\s*\(/.test(text)) return null;
  return text.replace(/[.\s]+$/, '');
}
