import { describe, expect, it } from 'vitest';
import { sendFill } from './fill';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TUSD = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const tokens = [
  { id: 'TLOS', isNative: true, address: null, decimals: 18 },
  { id: 'TUSD', isNative: false, address: TUSD, decimals: 6 },
];

describe('a scanned request in the send form', () => {
  it('fills the recipient, the token and the exact amount', () => {
    expect(sendFill({ kind: 'recipient', to: ALICE }, tokens)).toEqual({ to: ALICE, tokenId: null, amount: null, unknownToken: null });
    expect(sendFill({ kind: 'native-payment', to: ALICE, wei: 1_500_000_000_000_000_000n }, tokens)).toEqual({
      to: ALICE,
      tokenId: 'TLOS',
      amount: { raw: 1_500_000_000_000_000_000n, decimals: 18 },
      unknownToken: null,
    });
    expect(sendFill({ kind: 'token-payment', to: ALICE, token: TUSD.toLowerCase(), raw: 2_500_000n }, tokens)).toEqual({
      to: ALICE,
      tokenId: 'TUSD',
      amount: { raw: 2_500_000n, decimals: 6 },
      unknownToken: null,
    });
  });

  it('fills only the recipient for a token the form does not offer', () => {
    const other = '0x0000000000000000000000000000000000000001';
    expect(sendFill({ kind: 'token-payment', to: ALICE, token: other, raw: 5n }, tokens)).toEqual({ to: ALICE, tokenId: null, amount: null, unknownToken: other });
  });
});
