import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage';
import { isHiddenToken, readTokenChoices, saveTokenChoice, splitSpam } from './tokenChoices';

const spam = { likely: true, reasons: ['link_in_name'] };
const clean = { likely: false, reasons: [] };

describe('hidden tokens', () => {
  it('hides what the server labels, unless the user says otherwise', () => {
    expect(isHiddenToken(spam, undefined)).toBe(true);
    expect(isHiddenToken(spam, 'not_spam')).toBe(false);
    expect(isHiddenToken(clean, 'spam')).toBe(true);
    expect(isHiddenToken(undefined, undefined)).toBe(false);
  });

  it('keeps the choices per network and forgets one on request', () => {
    const storage = memoryStorage();
    saveTokenChoice(storage, 'telos-evm', 'JUNK-0x1-telos-evm', 'not_spam');
    saveTokenChoice(storage, 'telos-evm', 'ODD-0x2-telos-evm', 'spam');
    expect(readTokenChoices(storage, 'telos-evm')).toEqual({ 'JUNK-0x1-telos-evm': 'not_spam', 'ODD-0x2-telos-evm': 'spam' });
    expect(readTokenChoices(storage, 'telos-evm-testnet')).toEqual({});
    expect(saveTokenChoice(storage, 'telos-evm', 'JUNK-0x1-telos-evm', null)).toEqual({ 'ODD-0x2-telos-evm': 'spam' });
    storage.setItem('tandem.spam.broken', '{not json');
    expect(readTokenChoices(storage, 'broken')).toEqual({});
    storage.setItem('tandem.spam.odd', JSON.stringify({ a: 'maybe', b: 'spam' }));
    expect(readTokenChoices(storage, 'odd')).toEqual({ b: 'spam' });
  });

  it('splits rows in their order', () => {
    const rows = [{ id: 'a', spam }, { id: 'b', spam: clean }, { id: 'c', spam }];
    const { shown, hidden } = splitSpam(rows, (row) => row.id, (row) => row.spam, { c: 'not_spam' });
    expect(shown.map((row) => row.id)).toEqual(['b', 'c']);
    expect(hidden.map((row) => row.id)).toEqual(['a']);
  });
});
