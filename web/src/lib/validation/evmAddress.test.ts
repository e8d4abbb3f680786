import { describe, expect, it } from 'vitest';
import { toChecksumAddress, validateEvmAddress } from './evmAddress';

describe('toChecksumAddress', () => {
  it('writes the EIP-55 form of any casing', () => {
    const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(toChecksumAddress(checksummed.toLowerCase())).toBe(checksummed);
    expect(toChecksumAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed);
  });
});

describe('validateEvmAddress', () => {
  it('never trims', () => {
    expect(validateEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8 ')).toMatchObject({
      error: { key: 'antelope.evm.error_invalid_address' },
    });
  });
});
