/** Test data: a network's chain settings as GET /api/v1/networks sends them, with `overrides`. */
import type { ChainSettings } from './networks';

export function chainSettingsFixture(overrides: Partial<ChainSettings> & Pick<ChainSettings, 'name' | 'displayName' | 'kind'>): ChainSettings {
  return {
    chainId: 40,
    isTestnet: false,
    isDevnet: false,
    displayMap: true,
    rpcEndpoint: { protocol: 'https', host: 'rpc.telos.net', port: 443, path: '/' },
    rpcFallbacks: [],
    explorerUrl: null,
    ecosystemUrl: null,
    bridgeUrl: null,
    systemToken: { symbol: 'TLOS', name: 'Telos', decimals: 18, contract: null },
    theme: { primary: '#571aff', secondary: '#00f2fe' },
    logo: '/logos/telos.svg',
    linkedNetwork: null,
    ...overrides,
  };
}
