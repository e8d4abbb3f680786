/**
 * The development wallet (docs/adr/0003-devnet-development-wallet.md): signing
 * with a pasted private key, for the local native devnet only. It is offered, and a
 * signer can be built, only when the network is the devnet by every fact the server
 * reports: its name, the devnet flag and the devnet's fixed chain id. A mainnet or
 * testnet can never match the chain id, whatever else a configuration says.
 */

/** The devnet's network name (crates/domain NetworkName::TelosNativeDevnet). */
export const NATIVE_DEVNET_NAME = 'telos-native-devnet';

/** Fixed by the devnet's genesis (devnet/native/README.md "Chain and blocks"). */
export const NATIVE_DEVNET_CHAIN_ID = '8a34ec7df1b8cd06ff4a8abbaa7cc50300823350cadc59ab296cb00d104d2b8f';

export interface DevWalletNetworkFacts {
  readonly name: string;
  readonly kind: 'native' | 'evm';
  readonly isDevnet: boolean;
  readonly chainId: number | string | null;
}

export function isDevWalletAllowed(network: DevWalletNetworkFacts | null | undefined): boolean {
  if (!network) return false;
  return (
    network.kind === 'native' &&
    network.isDevnet &&
    network.name === NATIVE_DEVNET_NAME &&
    typeof network.chainId === 'string' &&
    network.chainId.toLowerCase() === NATIVE_DEVNET_CHAIN_ID
  );
}

export class DevWalletRefusedError extends Error {
  constructor(network: string) {
    super(`The development wallet only works on ${NATIVE_DEVNET_NAME}, not on ${network}`);
    this.name = 'DevWalletRefusedError';
  }
}

/** Throws unless the development wallet is allowed on `network`; every signer path calls it. */
export function assertDevWalletAllowed(network: DevWalletNetworkFacts): void {
  if (!isDevWalletAllowed(network)) throw new DevWalletRefusedError(network.name);
}
