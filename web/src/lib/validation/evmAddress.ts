/**
 * EVM addresses as typed (spec §5), the same rule as the Rust `validate_evm_address`
 * (crates/domain/src/validate/address.rs), pinned by testdata/vectors/evm_address.json.
 *
 * `0x` + 40 hex characters, nothing trimmed. Mixed case must be the EIP-55
 * checksum. Letters all of one case carry no checksum, so a typo cannot be
 * caught: the address is accepted with the warning "address is lowercase, verify it".
 */

import { keccak_256 } from '@noble/hashes/sha3.js';
import { accept, reject, type Checked, type ValidationWarningKey } from './issue';

export interface CheckedAddress {
  /** The EIP-55 checksummed text. */
  readonly checksummed: string;
  readonly warning: ValidationWarningKey | null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: a letter is upper case when its nibble of keccak256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let index = 0; index < hex.length; index += 1) {
    const byte = hash[index >> 1] ?? 0;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const char = hex.charAt(index);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export function validateEvmAddress(input: string): Checked<CheckedAddress> {
  if (input === '') return reject('antelope.contracts.error_address_required');
  if (!ADDRESS.test(input)) return reject('antelope.evm.error_invalid_address');
  const hex = input.slice(2);
  const checksummed = toChecksumAddress(input);
  const hasLower = /[a-f]/.test(hex);
  const hasUpper = /[A-F]/.test(hex);
  if (hasLower && hasUpper) {
    return checksummed === input ? accept({ checksummed, warning: null }) : reject('validation.invalid_checksum_address');
  }
  return accept({ checksummed, warning: hasLower || hasUpper ? 'validation.address_lowercase' : null });
}
