import { describe, expect, it } from 'vitest';
import { detailTitle, isZeroAddress, lookupHash, partyLabel } from './transactionDetail';

const HASH = `0x${'ab'.repeat(32)}`;
const BOB = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: null };

describe('detailTitle', () => {
  it('names the function called, else says what the transaction was', () => {
    const call = { name: 'withdraw', signature: 'withdraw(uint256)', source: 'knownSignature' as const, arguments: [] };
    expect(detailTitle({ to: BOB, function: call, selector: '0x2e1a7d4d' })).toEqual({ kind: 'function', name: 'withdraw' });
    expect(detailTitle({ to: BOB, function: null, selector: null })).toEqual({ kind: 'transfer' });
    expect(detailTitle({ to: null, createdContract: BOB, function: null, selector: '0x60806040' })).toEqual({ kind: 'contractCreation' });
    expect(detailTitle({ to: BOB, function: null, selector: '0xdeadbeef' })).toEqual({ kind: 'unknownFunction', selector: '0xdeadbeef' });
  });
});

describe('lookupHash', () => {
  it('takes a pasted hash without the whitespace around it, in lower case', () => {
    expect(lookupHash(`  ${HASH.toUpperCase().replace('0X', '0x')}\n`)).toEqual({ ok: true, value: HASH });
  });

  it('refuses what is not a transaction hash with the hash rule', () => {
    for (const bad of ['', '0x1234', BOB.address, `${HASH}00`, 'hello']) {
      expect(lookupHash(bad), bad).toEqual({ ok: false, error: { key: 'validation.invalid_hash' } });
    }
  });
});

describe('parties', () => {
  it('labels a known contract by its name and anyone else by address', () => {
    expect(partyLabel({ address: BOB.address, name: 'Wrapped TLOS' })).toBe('Wrapped TLOS');
    expect(partyLabel(BOB)).toBe(BOB.address);
    expect(isZeroAddress('0x0000000000000000000000000000000000000000')).toBe(true);
    expect(isZeroAddress(BOB.address)).toBe(false);
  });
});
