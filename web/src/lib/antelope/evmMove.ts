/**
 * The rules of moving TLOS between a Telos account's native half (Telos Zero) and its EVM
 * half through the `eosio.evm` contract (ADR 0035), shared by the move dialog, the
 * history rows of both chains and the CSV export:
 *
 * - a native account appears on the EVM as its reserved address: twelve `0xbb` bytes and
 *   the account name's 64-bit value;
 * - a deposit is a transfer to `eosio.evm` whose memo is the destination address;
 * - a withdrawal's inline transfer from `eosio.evm` says whom it pays in its memo.
 */

export const EVM_CONTRACT = 'eosio.evm';
export const WITHDRAW_MEMO_PREFIX = 'Withdraw balance for: ';
const RESERVED_PREFIX = '0x' + 'bb'.repeat(12);
const NAME_CHARACTERS = '.12345abcdefghijklmnopqrstuvwxyz';

/** The Antelope name of a 64-bit value (the chain's own base-32 packing), trailing dots dropped. */
export function nameOfValue(value: bigint): string {
  let text = '';
  let rest = value;
  for (let index = 0; index <= 12; index += 1) {
    const bits = index === 0 ? 4n : 5n;
    const character = NAME_CHARACTERS[Number(rest & (bits === 4n ? 0x0fn : 0x1fn))] ?? '.';
    text = character + text;
    rest >>= bits;
  }
  return text.replace(/\.+$/, '');
}

/** The native account a reserved EVM address stands for, or null when `address` is not one. */
export function reservedAccount(address: string): string | null {
  const lower = address.toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(lower) || !lower.startsWith(RESERVED_PREFIX)) return null;
  const name = nameOfValue(BigInt(`0x${lower.slice(RESERVED_PREFIX.length)}`));
  return name === '' ? null : name;
}

/** The EVM address a deposit memo names (`0x` and 40 hex digits), in lower case, or null. */
export function depositDestination(memo: string): string | null {
  return /^0x[0-9a-fA-F]{40}$/.test(memo) ? memo.toLowerCase() : null;
}

/** The native account a withdrawal's payout names in its memo, or null. */
export function withdrawRecipient(memo: string): string | null {
  if (!memo.startsWith(WITHDRAW_MEMO_PREFIX)) return null;
  const name = memo.slice(WITHDRAW_MEMO_PREFIX.length);
  return /^[a-z1-5.]{1,12}$/.test(name) ? name : null;
}

/**
 * How a party reads as the other half of a TLOS move, when it is one: on the EVM a reserved
 * address is the native account it stands for; on the native chain `eosio.evm` and an EVM
 * address are Telos EVM.
 */
export type MoveParty = { readonly kind: 'telos-zero'; readonly account: string } | { readonly kind: 'telos-evm' };

export function moveParty(chain: 'evm' | 'native', party: string): MoveParty | null {
  if (chain === 'native') return party === EVM_CONTRACT || /^0x[0-9a-fA-F]{40}$/.test(party) ? { kind: 'telos-evm' } : null;
  const account = reservedAccount(party);
  return account === null ? null : { kind: 'telos-zero', account };
}
