import { describe, expect, it } from 'vitest';
import { accountKind, normaliseStoredAccount, shortAccountLabel } from './storedAccount';

describe('accountKind', () => {
  it('recognises a 20-byte hex address as EVM', () => {
    expect(accountKind('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('evm');
  });

  it('treats native names and malformed addresses as native', () => {
    expect(accountKind('alice.tlos')).toBe('native');
    expect(accountKind('0x1234')).toBe('native');
  });
});

describe('normaliseStoredAccount', () => {
  it('treats missing and blank values as no account', () => {
    expect(normaliseStoredAccount(null)).toBeNull();
    expect(normaliseStoredAccount('   ')).toBeNull();
  });

  it('keeps a stored account without surrounding blanks', () => {
    expect(normaliseStoredAccount(' alice ')).toBe('alice');
  });
});

describe('shortAccountLabel', () => {
  it('shortens EVM addresses and keeps native names', () => {
    expect(shortAccountLabel('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099…79C8');
    expect(shortAccountLabel('alice.tlos')).toBe('alice.tlos');
  });
});
