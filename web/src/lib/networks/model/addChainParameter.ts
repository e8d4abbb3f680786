import { toHexChainId, type AddEthereumChainParameter } from '../../wallet/switchNetwork';
import type { NetworkSummary } from '../api/networks';

/**
 * What a wallet needs to add an EVM network (EIP-3085), from the server's chain
 * settings. Null for native networks and for settings that lack a chain id, an
 * RPC or the system token. `origin` makes the logo path an absolute URL.
 */
export function addChainParameter(network: NetworkSummary, origin: string): AddEthereumChainParameter | null {
  const { chainId, rpcUrl, systemToken } = network;
  if (network.kind !== 'evm' || typeof chainId !== 'number' || rpcUrl === null || systemToken === null) return null;
  return {
    chainId: toHexChainId(chainId),
    chainName: network.displayName,
    nativeCurrency: { name: systemToken.name, symbol: systemToken.symbol, decimals: systemToken.decimals },
    rpcUrls: [rpcUrl],
    ...(network.explorerUrl === null ? {} : { blockExplorerUrls: [network.explorerUrl] }),
    ...(network.logo === null ? {} : { iconUrls: [new URL(network.logo, origin).href] }),
  };
}
