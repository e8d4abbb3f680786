import { describe, expect, it } from 'vitest';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import type { StatusView } from '../api/status';
import { isOutOfSync, walletNetwork, walletTab } from './wallet';

function network(name: string, kind: 'native' | 'evm', isDevnet = false): NetworkSummary {
  return {
    name, displayName: name, kind, chainId: null, isTestnet: false, isDevnet, rpcUrl: null,
    explorerUrl: null, ecosystemUrl: null, bridgeUrl: null, systemToken: null, wrappedToken: null, logo: null, linkedNetwork: null,
  };
}

const NETWORKS = [network('telos', 'native'), network('telos-evm', 'evm'), network('telos-evm-devnet', 'evm', true)];

function status(source: Partial<StatusView['source']>): StatusView {
  return {
    chainId: 41, network: 'telos-evm-devnet', pricesConfigured: true, tokenListLoaded: true,
    source: { network: 'telos-evm-devnet', primary: 'ownIndex', inUse: 'ownIndex', lists: 'ownIndex', fallback: 'rpc', everUnhealthy: false, ...source },
  };
}

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

describe('isOutOfSync', () => {
  it('is quiet while the primary is healthy and answering', () => {
    expect(isOutOfSync(undefined)).toBe(false);
    expect(isOutOfSync(status({}))).toBe(false);
  });
  it('warns when the primary is unhealthy or the fallback answers', () => {
    const lagging = { blockNumber: 1, blockTimestampMs: 0, healthy: false, secondsBehind: 40, success: true };
    expect(isOutOfSync(status({ primaryHealth: lagging }))).toBe(true);
    expect(isOutOfSync(status({ inUse: 'rpc' }))).toBe(true);
  });
});

describe('walletTab', () => {
  it('reads the tab query, balance by default', () => {
    expect(walletTab('history')).toBe('history');
    expect(walletTab('nonsense')).toBe('balance');
    expect(walletTab(null)).toBe('balance');
  });
});
