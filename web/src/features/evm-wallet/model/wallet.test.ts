import { describe, expect, it } from 'vitest';
import { walletTab } from './wallet';

describe('walletTab', () => {
  it('reads the tab query, balance by default', () => {
    expect(walletTab('history')).toBe('history');
    expect(walletTab('nonsense')).toBe('balance');
    expect(walletTab(null)).toBe('balance');
  });
});
