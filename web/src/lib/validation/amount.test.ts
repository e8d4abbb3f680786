import { describe, expect, it } from 'vitest';
import { fixedAmount } from '../amount/fixedAmount';
import { EN_US_SEPARATORS } from '../amount/format';
import { ensureWithinBalance, parseAmount, validateAmountInput } from './amount';

const options = { decimals: 4, separators: EN_US_SEPARATORS };

describe('parseAmount beyond the shared vectors', () => {
  it('names the allowed decimal places in the message values', () => {
    expect(parseAmount('1.23456', 4, EN_US_SEPARATORS)).toEqual({
      ok: false,
      error: { key: 'validation.too_many_decimals', values: { count: 4 } },
    });
  });

  it('rejects a lone minus as malformed, not negative', () => {
    expect(parseAmount('-', 4, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.invalid_number_format' } });
    expect(parseAmount('-abc', 4, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.invalid_number_format' } });
  });

  it('accepts only ASCII digits', () => {
    expect(parseAmount('１', 4, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.invalid_number_format' } });
    expect(parseAmount('٣', 4, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.invalid_number_format' } });
  });

  it('trims what Rust trims: Unicode White_Space, not the byte-order mark', () => {
    expect(parseAmount('\u0085 1.5\u3000', 4, EN_US_SEPARATORS)).toMatchObject({ ok: true, value: { raw: 15_000n } });
    expect(parseAmount('\ufeff1', 4, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.invalid_number_format' } });
  });

  it('refuses decimals beyond a 256-bit scale', () => {
    expect(parseAmount('1', 78, EN_US_SEPARATORS)).toMatchObject({ error: { key: 'validation.unsupported_decimals' } });
  });
});

describe('balance checks', () => {
  const balance = fixedAmount(1n, 0);

  it('allows the whole balance and nothing more', () => {
    expect(ensureWithinBalance(fixedAmount(100n, 2), balance).ok).toBe(true);
    expect(ensureWithinBalance(fixedAmount(101n, 2), balance)).toEqual({
      ok: false,
      error: { key: 'validation.balance_too_low' },
    });
  });

  it('validates a form field: required first, then format, then balance', () => {
    expect(validateAmountInput('', { ...options, available: balance })).toMatchObject({
      error: { key: 'validation.amount_required' },
    });
    expect(validateAmountInput('1.00001', { ...options, available: balance })).toMatchObject({
      error: { key: 'validation.too_many_decimals' },
    });
    expect(validateAmountInput('1.0001', { ...options, available: balance })).toMatchObject({
      error: { key: 'validation.balance_too_low' },
    });
    expect(validateAmountInput('1', { ...options, available: balance })).toEqual({
      ok: true,
      value: { raw: 10_000n, decimals: 4 },
    });
    expect(validateAmountInput('1000', { ...options, available: null }).ok).toBe(true);
  });
});
