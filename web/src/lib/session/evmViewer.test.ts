import { describe, expect, it } from 'vitest';
import { storeEvmViewerSession, VIEWER_AUTHENTICATOR } from './evmViewer';
import { memoryStorage } from '../storage';
import { readStoredSession } from './storedSession';

describe('storeEvmViewerSession', () => {
  it('stores a read-only EVM session that auto-login can restore', () => {
    const storage = memoryStorage();
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    storeEvmViewerSession(storage, address, 'telos-evm-devnet');
    expect(readStoredSession(storage, 'evm')).toEqual({
      account: address,
      network: 'telos-evm-devnet',
      rawAddress: address,
      isNative: false,
      authenticator: VIEWER_AUTHENTICATOR,
    });
  });
});
