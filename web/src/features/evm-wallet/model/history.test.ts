import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../api/history';
import { actionMessage, counterparty, explorerAddressUrl, explorerTransactionUrl, pageNumber, rowsPerPage } from './history';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const TUSD = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';

function row(change: Partial<TransactionRow>): TransactionRow {
  return {
    actionName: 'transfer', action: { kind: 'send' }, counterparty: BOB, counterpartyName: null, epoch: 1, failed: false, from: ALICE, to: TUSD,
    toPrettyName: 'Tandem USD', gasUsed: '0.0001', id: '0xabc', nftsIn: [], nftsOut: [], valuesIn: [], valuesOut: [], ...change,
  };
}

describe('counterparty', () => {
  it('is the recipient of what the account sent, not the token it sent', () => {
    expect(counterparty(row({}))).toEqual({ direction: 'to', address: BOB, name: null });
  });
  it('is the sender of what the account received', () => {
    expect(counterparty(row({ action: { kind: 'receive' }, from: BOB, to: TUSD }))).toEqual({ direction: 'from', address: BOB, name: null });
  });
  it('is what a call was made with, named', () => {
    expect(counterparty(row({ action: { kind: 'stake' }, counterparty: TUSD, counterpartyName: 'Staked TLOS' }))).toEqual({ direction: 'with', address: TUSD, name: 'Staked TLOS' });
  });
  it('is the created contract of a creation', () => {
    expect(counterparty(row({ action: { kind: 'contractCreation' }, to: null, counterparty: TUSD })).direction).toBe('created');
  });
});

describe('actionMessage', () => {
  const words = (action: TransactionRow['action']) => actionMessage(action, (amount) => `${amount}!`, (address) => (address === BOB ? 'Bob' : address));
  it('names the known actions by their key', () => {
    for (const kind of ['send', 'receive', 'swap', 'selfTransfer', 'contractCreation', 'wrap', 'unwrap', 'stake', 'unstake', 'withdraw'] as const) {
      expect(words({ kind })).toEqual({ key: `evm.history.action_${kind}` });
    }
  });
  it('says what an approval allows, to whom, and that a revoke revokes', () => {
    expect(words({ kind: 'approve', spender: BOB, grant: { scope: 'amount', amount: '100', symbol: 'TUSD' } })).toEqual({
      key: 'evm.history.action_approve_amount', values: { spender: 'Bob', amount: '100!', symbol: 'TUSD' },
    });
    expect(words({ kind: 'approve', spender: BOB, grant: { scope: 'unlimited', symbol: 'TUSD' } })).toEqual({ key: 'evm.history.action_approve_unlimited', values: { spender: 'Bob', symbol: 'TUSD' } });
    expect(words({ kind: 'approve', spender: BOB, grant: { scope: 'allNfts' } })).toEqual({ key: 'evm.history.action_approve_all', values: { spender: 'Bob' } });
    expect(words({ kind: 'approve', spender: BOB, grant: { scope: 'token', tokenId: '7' } })).toEqual({ key: 'evm.history.action_approve_token', values: { spender: 'Bob', id: '7' } });
    expect(words({ kind: 'revoke', spender: BOB })).toEqual({ key: 'evm.history.action_revoke', values: { spender: 'Bob' } });
    expect(words({ kind: 'revoke', spender: null })).toEqual({ key: 'evm.history.action_revoke_token' });
  });
  it('names any other call by its function', () => {
    expect(words({ kind: 'call', function: 'transferAndCall' })).toEqual({ text: 'transferAndCall' });
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
  it('links to the explorer only when the network has one', () => {
    expect(explorerTransactionUrl('https://www.teloscan.io/', '0xabc')).toBe('https://www.teloscan.io/tx/0xabc');
    expect(explorerAddressUrl('https://www.teloscan.io', BOB)).toBe(`https://www.teloscan.io/address/${BOB}`);
    expect(explorerTransactionUrl(null, '0xabc')).toBeNull();
    expect(explorerTransactionUrl('  ', '0xabc')).toBeNull();
  });
});
