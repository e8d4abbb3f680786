import { describe, expect, it } from 'vitest';
import { depositDestination, moveParty, nameOfValue, reservedAccount, withdrawRecipient } from './evmMove';

describe('moves between Telos Zero and Telos EVM', () => {
  it('reads the native account of a reserved address, as the chain packs names', () => {
    // "alice" is 0x345c850000000000 (the chain's base-32 name packing).
    expect(nameOfValue(0x345c850000000000n)).toBe('alice');
    expect(reservedAccount('0xBBBBBBBBBBBBBBBBBBBBBBBB345c850000000000')).toBe('alice');
    expect(reservedAccount('0xbbbbbbbbbbbbbbbbbbbbbbbb0000000000000000')).toBeNull();
    expect(reservedAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeNull();
    expect(reservedAccount('0xbbbb')).toBeNull();
  });

  it('reads deposit memos strictly and withdrawal memos by their prefix', () => {
    expect(depositDestination('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    expect(depositDestination('70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBeNull();
    expect(depositDestination('0x7099 ')).toBeNull();
    expect(withdrawRecipient('Withdraw balance for: alice')).toBe('alice');
    expect(withdrawRecipient('Withdraw balance for: Alice!')).toBeNull();
    expect(withdrawRecipient('thanks')).toBeNull();
  });

  it('names the other half of a move on each chain', () => {
    expect(moveParty('evm', '0xbbbbbbbbbbbbbbbbbbbbbbbb345c850000000000')).toEqual({ kind: 'telos-zero', account: 'alice' });
    expect(moveParty('evm', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeNull();
    expect(moveParty('native', 'eosio.evm')).toEqual({ kind: 'telos-evm' });
    expect(moveParty('native', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toEqual({ kind: 'telos-evm' });
    expect(moveParty('native', 'bob')).toBeNull();
  });
});
