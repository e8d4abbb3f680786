import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage';
import { isLookalike, lookalikeOf } from './lookalike';
import { checkName, normalizeAddress, recordRecipient, typedAddress, removeEntry, suggestions, upsertEntry, MAX_RECENT } from './model';
import { readBook, readRecent, writeBook, writeRecent } from './storage';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('address book entries', () => {
  it('keep EVM addresses checksummed and native names as typed, and refuse bad ones', () => {
    expect(normalizeAddress('evm', ALICE.toLowerCase())).toEqual({ ok: true, value: ALICE });
    expect(normalizeAddress('evm', '0x1234')).toMatchObject({ ok: false, error: { key: 'antelope.evm.error_invalid_address' } });
    expect(normalizeAddress('native', ' alice ')).toEqual({ ok: true, value: 'alice' });
    expect(normalizeAddress('native', 'Alice')).toMatchObject({ ok: false, error: { key: 'validation.account_name_characters' } });
    expect(checkName('  ')).toMatchObject({ ok: false, error: { key: 'book.name_required' } });
    expect(checkName('x'.repeat(41))).toMatchObject({ ok: false, error: { key: 'book.name_too_long' } });
  });

  it('are saved once per address (renamed when saved again), sorted, and removed', () => {
    let entries = upsertEntry([], { name: 'Bob', address: BOB });
    entries = upsertEntry(entries, { name: 'Alice', address: ALICE });
    entries = upsertEntry(entries, { name: 'Alice (cold)', address: ALICE.toLowerCase() });
    expect(entries.map((entry) => entry.name)).toEqual(['Alice (cold)', 'Bob']);
    expect(removeEntry(entries, BOB.toLowerCase()).map((entry) => entry.name)).toEqual(['Alice (cold)']);
  });

  it('suggest saved names first, then recent recipients, by name or address', () => {
    const entries = [{ name: 'Alice', address: ALICE }];
    const recent = recordRecipient(recordRecipient([], ALICE, 1), BOB, 2);
    expect(suggestions(entries, recent, '')).toEqual([
      { address: ALICE, name: 'Alice', recent: true },
      { address: BOB, name: null, recent: true },
    ]);
    expect(suggestions(entries, recent, 'ali').map((s) => s.address)).toEqual([ALICE]);
    expect(suggestions(entries, recent, '3c44').map((s) => s.address)).toEqual([BOB]);
  });

  it('remember at most ten recent recipients, the latest first', () => {
    let recent = recordRecipient([], ALICE, 0);
    for (let index = 1; index <= 12; index += 1) recent = recordRecipient(recent, `0x${index.toString(16).padStart(40, '0')}`, index);
    expect(recent).toHaveLength(MAX_RECENT);
    expect(recent[0]?.sentAt).toBe(12);
    expect(recordRecipient(recent, recent[5]?.address ?? '', 99)[0]?.sentAt).toBe(99);
  });

  it('are stored per network and read back defensively', () => {
    const storage = memoryStorage({ 'tandem.addressBook.x': '[{"name":"ok","address":"alice"},{"name":"bad","address":"BAD"},7]' });
    expect(readBook(storage, 'x', 'native')).toEqual([{ name: 'ok', address: 'alice' }]);
    writeBook(storage, 'telos-evm', [{ name: 'Alice', address: ALICE }]);
    expect(readBook(storage, 'telos-evm', 'evm')).toEqual([{ name: 'Alice', address: ALICE }]);
    expect(readBook(storage, 'telos-evm-testnet', 'evm')).toEqual([]);
    writeRecent(storage, 'telos-evm', [{ address: BOB, sentAt: 5 }]);
    expect(readRecent(storage, 'telos-evm', 'evm')).toEqual([{ address: BOB, sentAt: 5 }]);
    storage.setItem('tandem.recentRecipients.y', 'not json');
    expect(readRecent(storage, 'y', 'evm')).toEqual([]);
  });
});

describe('look-alike addresses (address poisoning)', () => {
  it('flags an EVM address with the same ends or only a few characters changed', () => {
    const sameEnds = `${ALICE.slice(0, 6)}${'0'.repeat(32)}${ALICE.slice(-4)}`;
    expect(isLookalike('evm', sameEnds, ALICE)).toBe(true);
    const oneChanged = `${ALICE.slice(0, 20)}${ALICE[20] === 'a' ? 'b' : 'a'}${ALICE.slice(21)}`;
    expect(isLookalike('evm', oneChanged, ALICE)).toBe(true);
    expect(isLookalike('evm', ALICE.toLowerCase(), ALICE)).toBe(false);
    expect(isLookalike('evm', BOB, ALICE)).toBe(false);
    expect(lookalikeOf('evm', sameEnds, [{ address: BOB }, { address: ALICE, name: 'Alice' }])).toEqual({ address: ALICE, name: 'Alice' });
  });

  it('flags a native name one or two edits from a known one', () => {
    expect(isLookalike('native', 'alicf', 'alice')).toBe(true);
    expect(isLookalike('native', 'allice', 'alice')).toBe(true);
    expect(isLookalike('native', 'bob', 'bob1')).toBe(false);
    expect(isLookalike('native', 'charlie', 'alice')).toBe(false);
  });
});

describe('typedAddress', () => {
  it('is the stored form of a whole address, and null while the field is empty or not yet an address', () => {
    expect(typedAddress('evm', ' 0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc ')).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    expect(typedAddress('evm', '0x3c44')).toBeNull();
    expect(typedAddress('native', '   ')).toBeNull();
    expect(typedAddress('native', 'bob')).toBe('bob');
  });
});
