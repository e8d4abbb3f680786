import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../api/history';
import { counterparty, explorerAddressUrl, explorerTransactionUrl, knownAction, pageNumber, rowsPerPage } from './history';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function row(change: Partial<TransactionRow>): TransactionRow {
  return {
    actionName: 'send', epoch: 1, failed: false, from: ALICE, to: BOB, gasUsed: '0.0001', id: '0xabc',
    nftsIn: [], nftsOut: [], valuesIn: [], valuesOut: [], ...change,
  };
}

describe('counterparty', () => {
  it('is the recipient of what the account sent, with its pretty name', () => {
    expect(counterparty(row({ toPrettyName: 'Bob token' }), ALICE.toLowerCase())).toEqual({ direction: 'to', address: BOB, name: 'Bob token' });
  });
  it('is the sender of what the account received', () => {
    expect(counterparty(row({ from: BOB, to: ALICE }), ALICE)).toEqual({ direction: 'from', address: BOB, name: null });
  });
  it('is a creation when there is no recipient', () => {
    expect(counterparty(row({ to: null }), ALICE).direction).toBe('created');
  });
});

describe('paging and names', () => {
  it('reads rows per page and page numbers with safe defaults', () => {
    expect(rowsPerPage('50')).toBe(50);
    expect(rowsPerPage('7')).toBe(25);
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('x')).toBe(1);
  });
  it('knows the shaped actions and leaves function names as they are', () => {
    expect(knownAction('contractCreation')).toBe('contractCreation');
    expect(knownAction('approve')).toBeNull();
  });
  it('links to the explorer only when the network has one', () => {
    expect(explorerTransactionUrl('https://www.teloscan.io/', '0xabc')).toBe('https://www.teloscan.io/tx/0xabc');
    expect(explorerAddressUrl('https://www.teloscan.io', BOB)).toBe(`https://www.teloscan.io/address/${BOB}`);
    expect(explorerTransactionUrl(null, '0xabc')).toBeNull();
    expect(explorerTransactionUrl('  ', '0xabc')).toBeNull();
  });
});
