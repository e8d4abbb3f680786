import { describe, expect, it } from 'vitest';
import { rexForPayment, rexProceeds, rexToSell } from './rexMath';

// 3 000 000.0000 TLOS lendable against 20 000 000 000.0000 REX: 1 TLOS buys 6 666.6666 REX.
const pool = { lendable: 30_000_000_000n, rex: 200_000_000_000_000n };

describe('REX as the contract computes it', () => {
  it('buys and sells at the pool ratio, truncated', () => {
    expect(rexForPayment(15_000n, pool)).toBe(100_000_000n);
    expect(rexForPayment(1n, pool)).toBe(6_666n);
    expect(rexProceeds(100_000_000n, pool)).toBe(15_000n);
    expect(rexProceeds(6_666n, pool)).toBe(0n);
    expect(rexForPayment(5n, { lendable: 0n, rex: 0n })).toBe(50_000n);
    expect(rexProceeds(5n, { lendable: 0n, rex: 0n })).toBe(0n);
  });

  it('sells the REX that pays at most what is asked, or all of it for the whole value', () => {
    expect(rexToSell(15_000n, 200_000_000n, pool)).toEqual({ rex: 100_000_000n, proceeds: 15_000n });
    // 1.0001 TLOS asks for 6 667.3333 REX; it sells for 1.0000 TLOS (never more than asked).
    expect(rexToSell(10_001n, 200_000_000n, pool)).toEqual({ rex: 66_673_333n, proceeds: 10_000n });
    expect(rexToSell(30_000n, 200_000_000n, pool)).toEqual({ rex: 200_000_000n, proceeds: 30_000n });
    expect(rexToSell(99_999n, 200_000_000n, pool)).toEqual({ rex: 200_000_000n, proceeds: 30_000n });
    expect(rexToSell(10n, 0n, { lendable: 0n, rex: 0n })).toEqual({ rex: 0n, proceeds: 0n });
  });
});
