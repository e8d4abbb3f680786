import { describe, expect, it } from 'vitest';
import { parseNetworks } from './networks';

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
          explorerUrl: 'https://teloscan.io',
          ecosystemUrl: 'https://www.telos.net/ecosystem',
          bridgeUrl: null,
        },
      ],
    };
    expect(parseNetworks(body)).toEqual([
      {
        name: 'telos-evm',
        displayName: 'Telos EVM',
        kind: 'evm',
        isTestnet: false,
        isDevnet: false,
        explorerUrl: 'https://teloscan.io',
        ecosystemUrl: 'https://www.telos.net/ecosystem',
        bridgeUrl: null,
      },
    ]);
  });

  it('rejects an unknown network kind', () => {
    expect(() => parseNetworks({ networks: [{ name: 'x', displayName: 'X', kind: 'cosmos' }] })).toThrow('kind');
  });

  it('rejects a body without a list', () => {
    expect(() => parseNetworks({})).toThrow('networks list missing');
  });
});
