/**
 * EIP-1193, the one interface every EVM wallet here is reached through: browser
 * extensions (window.ethereum or EIP-6963 announcements) and the devnet's
 * development wallet alike. Code above this file never knows which it talks to,
 * so the browser tests exercise the same path a MetaMask user takes.
 */

import type { Eip1193Provider } from '../wallet/switchNetwork';

export type { Eip1193Provider };

type Listener = (...args: unknown[]) => void;

/** The provider with its events (EIP-1193 `accountsChanged`, `chainChanged`); wallets without them still work. */
export interface EventfulProvider extends Eip1193Provider {
  on?(event: string, listener: Listener): unknown;
  removeListener?(event: string, listener: Listener): unknown;
}

/** An EIP-1193 error: `code` 4001 is a user rejection, 4902 an unknown chain, 4100 an unauthorised account. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    this.data = data;
  }
}

/** `0x`-prefixed hex of a non-negative integer given as decimal text or bigint. */
export function toQuantity(value: string | bigint | number): `0x${string}` {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  if (big < 0n) throw new RangeError('a quantity cannot be negative');
  return `0x${big.toString(16)}`;
}

/** Reads an EIP-1193 quantity (hex text, or a number from lenient wallets). */
export function fromQuantity(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  return null;
}

/** The accounts list a wallet answers with, keeping only well-formed addresses. */
export function readAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && /^0x[0-9a-fA-F]{40}$/.test(item));
}
