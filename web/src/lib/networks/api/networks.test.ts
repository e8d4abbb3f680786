import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../api/answerShape';
import { NetworkList } from '../../api/generated/answerShapes';
import { chainSettingsFixture } from './chainSettingsFixture';
import { networkSummary, rpcEndpointUrl, wrappedTokenContract } from './networks';

describe('networkSummary', () => {
  it('reads the fields the app uses and tolerates the rest', () => {
    const settings = chainSettingsFixture({
      name: 'telos-evm',
      displayName: 'Telos EVM',
      kind: 'evm',
      chainId: 40,
      explorerUrl: 'https://teloscan.io',
      ecosystemUrl: 'https://www.telos.net/ecosystem',
      linkedNetwork: 'telos',
    });
    expect(networkSummary(checkAnswer(NetworkList, { networks: [{ ...settings, aFieldOfTomorrow: 1 }] }).networks[0] ?? settings)).toEqual({
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
    });
  });

  it('writes an RPC endpoint as one URL, default ports left out', () => {
    expect(rpcEndpointUrl({ protocol: 'http', host: '127.0.0.1', port: 8545, path: '/' })).toBe('http://127.0.0.1:8545');
    expect(rpcEndpointUrl({ protocol: 'https', host: 'node.example', port: 443, path: '/evm' })).toBe('https://node.example/evm');
    expect(rpcEndpointUrl({ protocol: 'http', host: 'node.example', port: 80, path: '/' })).toBe('http://node.example');
  });

  // Moved from the wrap screen, which read GET /api/v1/networks a second time for this field.
  it('reads the contract of the wrapped token, only when it is an EVM address', () => {
    const wrapped = (contract: string) => ({ symbol: 'WTLOS', name: 'Wrapped Telos', decimals: 18, contract });
    expect(wrappedTokenContract(null)).toBeNull();
    expect(wrappedTokenContract(wrapped('0x5FbDB2315678afecb367f032d93F642f64180aa3'))).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(wrappedTokenContract(wrapped('eosio.token'))).toBeNull();
  });

  it('leaves fields a network does not have empty', () => {
    const network = networkSummary(chainSettingsFixture({ name: 'x', displayName: 'X', kind: 'native', logo: '' }));
    expect(network).toMatchObject({ explorerUrl: null, bridgeUrl: null, wrappedToken: null, logo: null, linkedNetwork: null });
  });
});

describe('the networks answer', () => {
  it('rejects an unknown network kind', () => {
    const cosmos = { ...chainSettingsFixture({ name: 'x', displayName: 'X', kind: 'native' }), kind: 'cosmos' };
    expect(() => checkAnswer(NetworkList, { networks: [cosmos] })).toThrow('kind');
  });

  it('rejects a body without a list', () => {
    expect(() => checkAnswer(NetworkList, {})).toThrow('networks is missing');
  });
});
