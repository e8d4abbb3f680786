import { describe, expect, it } from 'vitest';
import { assetQuantity, validateTransferForm, type TransferToken } from './transferForm';

const separators = { decimal: '.', group: ',' };
const tlos: TransferToken = { contract: 'eosio.token', symbol: 'TLOS', decimals: 4, available: { raw: 9_000_000n, decimals: 4 } };
const tdm: TransferToken = { contract: 'tandemtokens', symbol: 'TDM', decimals: 8, available: { raw: 123_456_789_012n, decimals: 8 } };
const base = { from: 'alice', to: 'bob', amount: '1.5', memo: 'thanks' };

describe('assetQuantity', () => {
  it('writes every decimal of the token', () => {
    expect(assetQuantity({ raw: 15_000n, decimals: 4 }, 'TLOS')).toBe('1.5000 TLOS');
    expect(assetQuantity({ raw: 1n, decimals: 8 }, 'TDM')).toBe('0.00000001 TDM');
    expect(assetQuantity({ raw: 42n, decimals: 0 }, 'NFT')).toBe('42 NFT');
  });
});

describe('validateTransferForm', () => {
  it('accepts a valid transfer and keeps the exact quantity', () => {
    expect(validateTransferForm(base, tlos, separators)).toEqual({
      ok: true,
      value: { contract: 'eosio.token', from: 'alice', to: 'bob', quantity: '1.5000 TLOS', memo: 'thanks' },
    });
    const all = validateTransferForm({ ...base, amount: '1,234.56789012' }, tdm, separators);
    expect(all.ok && all.value.quantity).toBe('1234.56789012 TDM');
  });

  it.each([
    ['an empty recipient', { to: '' }, 'to', 'validation.account_required'],
    ['a recipient with capitals', { to: 'Bob' }, 'to', 'validation.account_name_characters'],
    ['a recipient over 12 characters', { to: 'abcdefghijklm' }, 'to', 'validation.account_name_length'],
    ['sending to oneself', { to: 'alice' }, 'to', 'zero.transfer.error_to_self'],
    ['no amount', { amount: ' ' }, 'amount', 'validation.amount_required'],
    ['more decimals than the token has', { amount: '1.00001' }, 'amount', 'validation.too_many_decimals'],
    ['more than the balance', { amount: '900.0001' }, 'amount', 'validation.balance_too_low'],
    ['a zero amount', { amount: '0.0000' }, 'amount', 'zero.transfer.error_amount_zero'],
    ['letters in the amount', { amount: '1e3' }, 'amount', 'validation.invalid_number_format'],
    ['a memo over 256 bytes', { memo: 'é'.repeat(129) }, 'memo', 'zero.transfer.error_memo_too_long'],
  ] as const)('rejects %s', (_name, change, field, key) => {
    const result = validateTransferForm({ ...base, ...change }, tlos, separators);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]?.key).toBe(key);
  });

  it('accepts the whole balance and a memo of exactly 256 bytes', () => {
    expect(validateTransferForm({ ...base, amount: '900', memo: 'a'.repeat(256) }, tlos, separators).ok).toBe(true);
  });

  it('reports every field at once', () => {
    const result = validateTransferForm({ from: 'alice', to: '', amount: '', memo: 'x'.repeat(300) }, tlos, separators);
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(['amount', 'memo', 'to']);
  });
});
