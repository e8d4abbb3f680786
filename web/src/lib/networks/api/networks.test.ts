import { describe, expect, it } from 'vitest';
import { parseNetworks, rpcEndpointUrl } from './networks';

describe('parseNetworks', () => {
  it('reads the fields the app uses and tolerates the rest', () => {
    const body = {
      networks: [
        {
          name: 'telos-evm',
          displayName: 'Telos EVM',
          kind: 'evm',
          chainId: 40,
          isTestnet: false,
          isDevnet: false,
          displayMap: true,
          rpcEndpoint: { protocol: 'https', host: 'rpc.telos.net', port: 443, path: '/' },
          explorerUrl: 'https://teloscan.io',
          ecosystemUrl: 'https://www.telos.net/ecosystem',
          bridgeUrl: null,
          systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18, contract: null },
          logo: '/logos/telos.svg',
          linkedNetwork: 'telos',
        },
      ],
    };
    expect(parseNetworks(body)).toEqual([
      {
        name: 'telos-evm',
        displayName: 'Telos EVM',
        kind: 'evm',
        chainId: 40,
        isTestnet: false,
        isDevnet: false,
        rpcUrl: 'https://rpc.telos.net',
        explorerUrl: 'https://teloscan.io',
        ecosystemUrl: 'https://www.telos.net/ecosystem',
        bridgeUrl: null,
        systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18 },
        wrappedToken: null,
        logo: '/logos/telos.svg',
        linkedNetwork: 'telos',
      },
    ]);
  });

  it('writes an RPC endpoint as one URL, default ports left out', () => {
    expect(rpcEndpointUrl({ protocol: 'http', host: '127.0.0.1', port: 8545, path: '/' })).toBe('http://127.0.0.1:8545');
    expect(rpcEndpointUrl({ protocol: 'https', host: 'node.example', port: 443, path: '/evm' })).toBe('https://node.example/evm');
    expect(rpcEndpointUrl({ protocol: 'http', host: 'node.example', port: 80, path: '/' })).toBe('http://node.example');
    expect(rpcEndpointUrl({ host: 'node.example' })).toBeNull();
  });

  // Moved from the wrap screen, which read GET /api/v1/networks a second time for this field.
  it('reads the contract of the wrapped token, only when it is an EVM address', () => {
    const networks = parseNetworks({
      networks: [
        { name: 'telos', displayName: 'Telos', kind: 'native', wrappedToken: null },
        { name: 'telos-evm-devnet', displayName: 'Devnet', kind: 'evm', wrappedToken: { symbol: 'WTLOS', contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
        { name: 'bad', displayName: 'Bad', kind: 'evm', wrappedToken: { symbol: 'WTLOS', contract: 'eosio.token' } },
      ],
    });
    expect(networks.map((network) => network.wrappedToken)).toEqual([null, '0x5FbDB2315678afecb367f032d93F642f64180aa3', null]);
    expect(networks.find((network) => network.name === 'missing')?.wrappedToken ?? null).toBeNull();
  });

  it('leaves fields a network does not have empty', () => {
    const [network] = parseNetworks({ networks: [{ name: 'x', displayName: 'X', kind: 'native' }] });
    expect(network).toMatchObject({ chainId: null, rpcUrl: null, systemToken: null, wrappedToken: null, logo: null });
  });

  it('rejects an unknown network kind', () => {
    expect(() => parseNetworks({ networks: [{ name: 'x', displayName: 'X', kind: 'cosmos' }] })).toThrow('kind');
  });

  it('rejects a body without a list', () => {
    expect(() => parseNetworks({})).toThrow('networks list missing');
  });
});
