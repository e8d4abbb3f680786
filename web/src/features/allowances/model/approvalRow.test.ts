import { describe, expect, it } from 'vitest';
import { EN_US_SEPARATORS } from '../../../lib/amount/format';
import { MAX_UINT256 } from '../../../lib/amount/fixedAmount';
import {
  allowed,
  approvalCounts,
  hasNoSpender,
  approveRequest,
  assetLabel,
  canChange,
  canRevoke,
  readAllowanceChoice,
  revokeRequest,
  selectedRows,
  selectionState,
  spenderLabel,
  toggleAll,
  toggleOne,
} from './approvalRow';
import { COLLECTION_ROW, ERC20_ROW, ITEMS, ITEMS_ROW, OWNER, REVOKED_ROW, SINGLE_NFT_ROW, UNLIMITED_ROW } from './rowFixtures';

const ROWS = [ERC20_ROW, REVOKED_ROW, SINGLE_NFT_ROW, COLLECTION_ROW, ITEMS_ROW];

describe('naming', () => {
  it('names the asset by symbol, collection and token id, or the short address', () => {
    expect(assetLabel(ERC20_ROW)).toBe('TUSD');
    expect(assetLabel(SINGLE_NFT_ROW)).toBe('Tandem Art #7');
    expect(assetLabel(COLLECTION_ROW)).toBe('0x5FC8…5707');
    expect(assetLabel(ITEMS_ROW)).toBe('Tandem Items');
  });

  it('names the spender by contract name, else its short address', () => {
    expect(spenderLabel(ERC20_ROW)).toBe('Tandem Swap');
    expect(spenderLabel(UNLIMITED_ROW)).toBe('0x3C44…93BC');
  });
});

describe('allowed', () => {
  it('says what the spender may move', () => {
    expect(allowed(ERC20_ROW)).toEqual({ kind: 'amount', amount: '75', symbol: 'TUSD' });
    expect(allowed(UNLIMITED_ROW)).toEqual({ kind: 'unlimited', symbol: 'TUSD' });
    expect(allowed(SINGLE_NFT_ROW)).toEqual({ kind: 'token', id: '7', name: 'Pixel' });
    expect(allowed(COLLECTION_ROW)).toEqual({ kind: 'collection', held: '3' });
    expect(allowed(ITEMS_ROW)).toEqual({ kind: 'collection', held: '0' });
    expect(allowed(REVOKED_ROW)).toEqual({ kind: 'revoked' });
  });

  it('offers a change for ERC-20 rows only and a revoke for live rows only', () => {
    expect(ROWS.map(canChange)).toEqual([true, true, false, false, false]);
    expect(ROWS.map(canRevoke)).toEqual([true, false, true, true, true]);
  });
});

describe('prepare requests', () => {
  it('revokes an ERC-20 allowance, one NFT approval by its id, and an operator without one', () => {
    expect(revokeRequest(ERC20_ROW, OWNER)).toEqual({ kind: 'revoke', from: OWNER, contract: ERC20_ROW.tokenAddress, spender: ERC20_ROW.spenderAddress });
    expect(revokeRequest(SINGLE_NFT_ROW, OWNER)).toEqual({
      kind: 'revoke',
      from: OWNER,
      contract: SINGLE_NFT_ROW.collectionAddress,
      spender: SINGLE_NFT_ROW.spenderAddress,
      tokenId: '7',
    });
    expect(revokeRequest(ITEMS_ROW, OWNER)).toEqual({ kind: 'revoke', from: OWNER, contract: ITEMS, spender: ITEMS_ROW.spenderAddress });
    expect(revokeRequest(COLLECTION_ROW, OWNER)).not.toHaveProperty('tokenId');
  });

  it('reads a custom amount with the token decimals and the locale, or unlimited', () => {
    const row = ERC20_ROW;
    const custom = readAllowanceChoice('custom', '1,234.5', 6, EN_US_SEPARATORS);
    expect(custom).toEqual({ ok: true, value: { kind: 'amount', amount: { raw: 1_234_500_000n, decimals: 6 } } });
    if (custom.ok) expect(approveRequest(row, OWNER, custom.value)).toEqual({ kind: 'approve', from: OWNER, token: row.tokenAddress, spender: row.spenderAddress, amount: '1234.5' });
    const unlimited = readAllowanceChoice('unlimited', 'ignored', 6, EN_US_SEPARATORS);
    expect(unlimited).toEqual({ ok: true, value: { kind: 'unlimited' } });
    if (unlimited.ok) expect(approveRequest(row, OWNER, unlimited.value)).toMatchObject({ amount: 'unlimited' });
    expect(readAllowanceChoice('custom', '0', 6, EN_US_SEPARATORS)).toEqual({ ok: true, value: { kind: 'amount', amount: { raw: 0n, decimals: 6 } } });
  });

  it('rejects a custom amount with the rules of spec §5', () => {
    expect(readAllowanceChoice('custom', '1.1234567', 6, EN_US_SEPARATORS)).toEqual({ ok: false, error: { key: 'validation.too_many_decimals', values: { count: 6 } } });
    expect(readAllowanceChoice('custom', '', 6, EN_US_SEPARATORS)).toEqual({ ok: false, error: { key: 'validation.amount_required' } });
    expect(readAllowanceChoice('custom', '12abc', 6, EN_US_SEPARATORS)).toEqual({ ok: false, error: { key: 'validation.invalid_number_format' } });
    expect(readAllowanceChoice('custom', '-1', 6, EN_US_SEPARATORS)).toEqual({ ok: false, error: { key: 'validation.negative_amount' } });
    expect(readAllowanceChoice('custom', (MAX_UINT256 + 1n).toString(), 0, EN_US_SEPARATORS)).toEqual({ ok: false, error: { key: 'validation.value_too_large' } });
  });
});

describe('selection', () => {
  it('selects every live row shown with the header checkbox, and clears them again', () => {
    const all = toggleAll(ROWS, new Set());
    expect([...all]).toEqual([ERC20_ROW.id, SINGLE_NFT_ROW.id, COLLECTION_ROW.id, ITEMS_ROW.id]);
    expect(selectionState(ROWS, all)).toBe('all');
    expect(toggleAll(ROWS, all).size).toBe(0);
  });

  it('is partial when some rows are picked, and keeps picks that are not on screen', () => {
    const some = toggleOne(new Set(['elsewhere']), SINGLE_NFT_ROW.id);
    expect(selectionState(ROWS, some)).toBe('some');
    expect(toggleAll(ROWS, some).has('elsewhere')).toBe(true);
    expect(selectionState(ROWS, new Set(['elsewhere']))).toBe('none');
    expect(toggleOne(some, SINGLE_NFT_ROW.id).has(SINGLE_NFT_ROW.id)).toBe(false);
  });

  it('batches the selected live rows in the order shown', () => {
    const picked = new Set([ITEMS_ROW.id, REVOKED_ROW.id, ERC20_ROW.id, 'gone']);
    expect(selectedRows(ROWS, picked).map((row) => row.id)).toEqual([ERC20_ROW.id, ITEMS_ROW.id]);
  });
});

describe('the header figures and a cleared spender', () => {
  it('counts approvals in force apart from the revoked, and reads the zero address as no spender', () => {
    expect(approvalCounts([ERC20_ROW, REVOKED_ROW, { ...REVOKED_ROW, id: 'another' }])).toEqual({ live: 1, revoked: 2 });
    expect(hasNoSpender({ ...SINGLE_NFT_ROW, spenderAddress: '0x0000000000000000000000000000000000000000' })).toBe(true);
    expect(hasNoSpender(SINGLE_NFT_ROW)).toBe(false);
  });
});
