import { describe, expect, it } from 'vitest';
import { shortHex } from './shortHex';

describe('shortHex', () => {
  it('keeps the first six and last four characters of an address or a hash', () => {
    expect(shortHex('0x5FC8d32690cc91D4c39d9d3abcBD16989F875707')).toBe('0x5FC8…5707');
    expect(shortHex('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe('0x3C44…93BC');
    expect(shortHex(`0x${'ab'.repeat(32)}`)).toBe('0xabab…abab');
  });

  it('leaves a value already short as it is', () => {
    expect(shortHex('0x1234')).toBe('0x1234');
  });
});
