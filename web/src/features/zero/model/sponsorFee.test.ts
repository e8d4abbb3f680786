import { describe, expect, it } from 'vitest';
import { fixedAmount } from '../../../lib/amount/fixedAmount';
import { sponsorFeeFigures } from './sponsorFee';

const fee = { amount: '0.0301', decimals: 4, quantity: '0.0301 TLOS', symbol: 'TLOS' };

describe("the sponsor's fee", () => {
  it('is valued and added to what the account sends, exactly', () => {
    expect(sponsorFeeFigures(fee, '0.2345', fixedAmount(10_000n, 4), 'TLOS')).toEqual({
      feeFiat: '0.00705845',
      total: { amount: '1.0301', decimals: 4, quantity: '1.0301 TLOS', symbol: 'TLOS' },
      totalFiat: '0.24155845',
    });
  });

  it('has no total beside another token, and no fiat without a price', () => {
    expect(sponsorFeeFigures(fee, null, fixedAmount(25n, 1), 'USDT')).toEqual({ feeFiat: null, total: null, totalFiat: null });
    expect(sponsorFeeFigures(fee, '0.2345', null, 'TLOS').total).toBeNull();
  });
});
