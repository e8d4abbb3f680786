import { describe, expect, it } from 'vitest';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { walletNetwork, walletTab } from './wallet';

function network(name: string, kind: 'native' | 'evm', isDevnet = false): NetworkSummary {
  return {
    name, displayName: name, kind, chainId: null, isTestnet: false, isDevnet, rpcUrl: null,
    explorerUrl: null, ecosystemUrl: null, bridgeUrl: null, systemToken: null, wrappedToken: null, logo: null, linkedNetwork: null,
  };
}

const NETWORKS = [network('telos', 'native'), network('telos-evm', 'evm'), network('telos-evm-devnet', 'evm', true)];

describe('walletNetwork', () => {
  it('keeps the stored EVM network', () => {
    expect(walletNetwork('telos-evm', NETWORKS)?.name).toBe('telos-evm');
  });
  it('falls back to the devnet when the stored network is unknown or native', () => {
    expect(walletNetwork('telos', NETWORKS)?.name).toBe('telos-evm-devnet');
    expect(walletNetwork(null, NETWORKS)?.name).toBe('telos-evm-devnet');
  });
  it('is null when the server serves no EVM network', () => {
    expect(walletNetwork('telos-evm', [network('telos', 'native')])).toBeNull();
  });
});

describe('walletTab', () => {
  it('reads the tab query, balance by default', () => {
    expect(walletTab('history')).toBe('history');
    expect(walletTab('nonsense')).toBe('balance');
    expect(walletTab(null)).toBe('balance');
  });
});
