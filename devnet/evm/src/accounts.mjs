// Named devnet accounts: anvil's well-known development mnemonic, first five indices.
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const ACCOUNT_NAMES = ['deployer', 'alice', 'bob', 'carol', 'dave'];

/** [{ name, address, privateKey }] in ACCOUNT_NAMES order (address EIP-55 checksummed). */
export function namedAccounts() {
  return ACCOUNT_NAMES.map((name, addressIndex) => {
    const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex });
    return { name, address: account.address, privateKey: toHex(account.getHdKey().privateKey) };
  });
}
