import { describe, expect, it } from 'vitest';
import type { NetworkSummary } from '../api/networks';
import { defaultNetwork, walletNetworkFor } from './defaultNetwork';

function network(name: string, kind: 'native' | 'evm', isDevnet = false): NetworkSummary {
  return {
    name,
    displayName: name,
    kind,
    chainId: null,
    isTestnet: false,
    isDevnet,
    rpcUrl: null,
    explorerUrl: null,
    ecosystemUrl: null,
    bridgeUrl: null,
    systemToken: null,
    wrappedToken: null,
    logo: null,
    linkedNetwork: null,
  };
}

describe('defaultNetwork', () => {
  const catalogue = [network('eos', 'native'), network('telos', 'native'), network('telos-evm-testnet', 'evm'), network('telos-evm', 'evm')];

  it('prefers the Telos mainnet of the requested kind', () => {
    expect(defaultNetwork(catalogue, 'native')?.name).toBe('telos');
    expect(defaultNetwork(catalogue, 'evm')?.name).toBe('telos-evm');
  });

  it('prefers a local devnet when the server runs one', () => {
    expect(defaultNetwork([...catalogue, network('telos-evm-devnet', 'evm', true)], 'evm')?.name).toBe('telos-evm-devnet');
  });

  it('falls back to the first network of the kind, or none', () => {
    expect(defaultNetwork([network('wax', 'native')], 'native')?.name).toBe('wax');
    expect(defaultNetwork([network('wax', 'native')], 'evm')).toBeNull();
  });
});

describe('walletNetworkFor', () => {
  const NETWORKS = [network('telos', 'native'), network('telos-evm', 'evm'), network('telos-evm-devnet', 'evm', true)];
  it('keeps the stored EVM network', () => {
    expect(walletNetworkFor('telos-evm', NETWORKS)?.name).toBe('telos-evm');
  });
  it('falls back to the devnet when the stored network is unknown or native', () => {
    expect(walletNetworkFor('telos', NETWORKS)?.name).toBe('telos-evm-devnet');
    expect(walletNetworkFor(null, NETWORKS)?.name).toBe('telos-evm-devnet');
  });
  it('is null when the server serves no EVM network', () => {
    expect(walletNetworkFor('telos-evm', [network('telos', 'native')])).toBeNull();
  });
});
