import { describe, expect, it } from 'vitest';
import { partyName } from './partyNames';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('partyName', () => {
  const names = { own: [ALICE], book: [{ address: BOB, name: 'Bob' }] };
  it('is "you" for the account itself, however the address is written', () => {
    expect(partyName(names, ALICE.toLowerCase())).toEqual({ kind: 'you' });
  });
  it('is the address book name for a saved address', () => {
    expect(partyName(names, BOB.toLowerCase())).toEqual({ kind: 'book', name: 'Bob' });
  });
  it('is nothing for an address the user has not named', () => {
    expect(partyName(names, CAROL)).toBeNull();
  });
  it('prefers "you" when the user also saved their own address', () => {
    expect(partyName({ own: [ALICE], book: [{ address: ALICE, name: 'Me' }] }, ALICE)).toEqual({ kind: 'you' });
  });
});
