import type { NetworkSummary } from '../api/networks';

/**
 * The network the shell shows links for until network switching exists: the
 * local devnet when the server runs one (the demo), else the Telos mainnet of
 * that kind, else the first network of that kind.
 */
const TELOS_MAINNET = { native: 'telos', evm: 'telos-evm' } as const;

export function defaultNetwork(networks: readonly NetworkSummary[], kind: 'native' | 'evm'): NetworkSummary | null {
  const ofKind = networks.filter((network) => network.kind === kind);
  return (
    ofKind.find((network) => network.isDevnet) ??
    ofKind.find((network) => network.name === TELOS_MAINNET[kind]) ??
    ofKind[0] ??
    null
  );
}

/** The stored network when it is an EVM network this server serves, else the default EVM network. */
export function walletNetworkFor(stored: string | null, networks: readonly NetworkSummary[]): NetworkSummary | null {
  const match = networks.find((network) => network.kind === 'evm' && network.name === stored);
  return match ?? defaultNetwork(networks, 'evm');
}
