import { describe, expect, it } from 'vitest';
import { chainSettingsFixture } from '../api/chainSettingsFixture';
import { networkSummary } from '../api/networks';
import { addChainParameter } from './addChainParameter';

/** Networks as GET /api/v1/networks sends them, as the app reads them. */
const [testnet, devnet, telos] = [
    {
      name: 'telos-evm-testnet',
      displayName: 'Telos EVM Testnet',
      kind: 'evm' as const,
      chainId: 41,
      rpcEndpoint: { protocol: 'https', host: 'rpc.testnet.telos.net', port: 443, path: '/' },
      explorerUrl: 'https://testnet.teloscan.io',
      systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18, contract: null },
      logo: '/logos/telos.svg',
    },
    {
      name: 'telos-evm-devnet',
      displayName: 'Telos EVM Devnet',
      kind: 'evm' as const,
      chainId: 41,
      isDevnet: true,
      rpcEndpoint: { protocol: 'http', host: '127.0.0.1', port: 8545, path: '/' },
      explorerUrl: null,
      systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18, contract: null },
      logo: '',
    },
    {
      name: 'telos',
      displayName: 'Telos',
      kind: 'native' as const,
      chainId: '4667b205c6838ef70ff7988f6e8257e8be0e1284a2f59699054a018f743b1d11',
      rpcEndpoint: { protocol: 'https', host: 'mainnet.telos.net', port: 443, path: '/' },
      systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 4, contract: 'eosio.token' },
    },
  ].map((overrides) => networkSummary(chainSettingsFixture(overrides)));

describe('addChainParameter', () => {
  it('builds EIP-3085 parameters from the chain settings', () => {
    if (!testnet) throw new Error('fixture');
    expect(addChainParameter(testnet, 'https://wallet.example')).toEqual({
      chainId: '0x29',
      chainName: 'Telos EVM Testnet',
      nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
      rpcUrls: ['https://rpc.testnet.telos.net'],
      blockExplorerUrls: ['https://testnet.teloscan.io'],
      iconUrls: ['https://wallet.example/logos/telos.svg'],
    });
  });

  it('leaves out what the network does not have', () => {
    if (!devnet) throw new Error('fixture');
    expect(addChainParameter(devnet, 'http://127.0.0.1:3000')).toEqual({
      chainId: '0x29',
      chainName: 'Telos EVM Devnet',
      nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
    });
  });

  it('has nothing for a native network', () => {
    if (!telos) throw new Error('fixture');
    expect(addChainParameter(telos, 'https://wallet.example')).toBeNull();
  });
});
