import { describe, expect, it } from 'vitest';
import { chainTime, transactionLink, transactionUrl } from './explorer';

describe('transactionUrl', () => {
  it('links the transaction page of the explorer', () => {
    expect(transactionUrl('https://explorer.telos.net/', 'ab12')).toBe('https://explorer.telos.net/transaction/ab12');
    expect(transactionUrl('https://explorer.telos.net', 'ab12')).toBe('https://explorer.telos.net/transaction/ab12');
  });

  it('has no link without an explorer', () => {
    expect(transactionUrl(null, 'ab12')).toBeNull();
    expect(transactionUrl(' ', 'ab12')).toBeNull();
  });
});

describe('chainTime', () => {
  it('reads zone-less chain times as UTC and keeps explicit zones', () => {
    expect(chainTime('2024-05-01T12:00:00.000').toISOString()).toBe('2024-05-01T12:00:00.000Z');
    expect(chainTime('2024-05-01T12:00:00Z').toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });
});

describe('transactionLink', () => {
  it('leads to the explorer when the network has one, else to the app’s own view of the transaction', () => {
    expect(transactionLink('https://explorer.telos.net/', 'ab12')).toEqual({ transactionUrl: 'https://explorer.telos.net/transaction/ab12' });
    expect(transactionLink(null, 'ab12')).toEqual({ transactionPath: '/zero/balance?trx=ab12' });
  });
});
