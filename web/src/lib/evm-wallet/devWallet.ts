/**
 * The EVM development wallet (docs/adr/0006-evm-devnet-development-wallet.md): an
 * EIP-1193 provider in the page that signs with a pasted devnet key, for the local
 * anvil devnet only. The devnet has chain id 41 like the public Telos EVM testnet,
 * so the chain id alone proves nothing: the network must be the devnet by name and
 * flag, its RPC must be on this machine (loopback), and the node itself must say it
 * is anvil before anything is signed (checked in devWalletProvider.ts).
 */

export const EVM_DEVNET_NAME = 'telos-evm-devnet';
export const EVM_DEVNET_CHAIN_ID = 41;
/** The session authenticator name of the development wallet. */
export const EVM_DEV_WALLET_ID = 'tandem.evmDevWallet';

export interface EvmDevWalletNetworkFacts {
  readonly name: string;
  readonly kind: 'native' | 'evm';
  readonly isDevnet: boolean;
  readonly chainId: number | string | null;
  readonly rpcUrl: string | null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackUrl(url: string | null): boolean {
  if (url === null) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

export function isEvmDevWalletAllowed(network: EvmDevWalletNetworkFacts | null | undefined): boolean {
  if (!network) return false;
  return (
    network.kind === 'evm' &&
    network.isDevnet &&
    network.name === EVM_DEVNET_NAME &&
    network.chainId === EVM_DEVNET_CHAIN_ID &&
    isLoopbackUrl(network.rpcUrl)
  );
}

export class EvmDevWalletRefusedError extends Error {
  constructor(network: string, reason = 'it is not the local devnet') {
    super(`The development wallet only works on ${EVM_DEVNET_NAME}, not on ${network}: ${reason}`);
    this.name = 'EvmDevWalletRefusedError';
  }
}

/** Throws unless the development wallet is allowed on `network`; the provider's constructor calls it. */
export function assertEvmDevWalletAllowed(network: EvmDevWalletNetworkFacts): void {
  if (!isEvmDevWalletAllowed(network)) throw new EvmDevWalletRefusedError(network.name);
}

/** A node is accepted as the devnet only when it reports itself as anvil (`web3_clientVersion`). */
export function isAnvilClientVersion(version: unknown): boolean {
  return typeof version === 'string' && /^anvil\//i.test(version);
}

/** 32 bytes of hex, with or without 0x. */
export function normalisePrivateKey(text: string): `0x${string}` | null {
  const trimmed = text.trim();
  const hex = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
  return /^[0-9a-fA-F]{64}$/.test(hex) ? `0x${hex.toLowerCase()}` : null;
}

const KEY_STORAGE = 'tandem.evmDevWalletKey';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key lives in this tab only (sessionStorage): a reload keeps the devnet session, closing the tab forgets it. */
export function readEvmDevWalletKey(): string | null {
  return tabStorage()?.getItem(KEY_STORAGE) ?? null;
}

export function keepEvmDevWalletKey(key: string): void {
  try {
    tabStorage()?.setItem(KEY_STORAGE, key);
  } catch {
    // Without storage the key lives in memory only: a reload asks for it again.
  }
}

export function forgetEvmDevWalletKey(): void {
  tabStorage()?.removeItem(KEY_STORAGE);
}
