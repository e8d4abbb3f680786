import { describe, expect, it } from 'vitest';
import { preparationDelayMs, WALLET_CONNECT_ID } from './connectionProtocol';
import { EVM_DEV_WALLET_ID } from './devWallet';

describe('preparationDelayMs', () => {
  it('waits 500 ms before preparing a transfer for the connection-protocol wallet (spec §4, §9)', () => {
    expect(preparationDelayMs(WALLET_CONNECT_ID)).toBe(500);
  });

  it('waits 400 ms for every other wallet, and when none is connected', () => {
    for (const walletId of ['io.metamask', 'injected', EVM_DEV_WALLET_ID, null, undefined]) {
      expect(preparationDelayMs(walletId)).toBe(400);
    }
  });
});
