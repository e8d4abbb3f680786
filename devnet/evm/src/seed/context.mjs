// Shared plumbing for the seeding steps: viem clients, named accounts, deployed contracts, and a
// `send` that waits for the receipt, charges gas and value to the sender in the ledger, and records
// the transaction under a label for the manifest.
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, getAddress, http } from 'viem';
import { loadArtifact } from '../../scripts/compile.mjs';
import { CHAIN_ID } from '../catalog.mjs';

const RECEIPT_TIMEOUT_MS = 10_000;

export function devnetChain(rpcUrl, chainId = CHAIN_ID) {
  return defineChain({
    id: chainId,
    name: 'Telos EVM Devnet',
    nativeCurrency: { name: 'Telos', symbol: 'TLOS', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export function createSeedContext({ rpcUrl, accounts, ledger, chainId = CHAIN_ID, log = () => {} }) {
  const chain = devnetChain(rpcUrl, chainId);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport });
  const walletClient = createWalletClient({ chain, transport });
  const addressOf = Object.fromEntries(accounts.map((a) => [a.name, a.address]));
  const nameOf = Object.fromEntries(accounts.map((a) => [a.address, a.name]));
  /** key -> { address, abi, artifact } */
  const contracts = {};
  /** label -> { hash, from, fromAddress, to, status, blockNumber, ... } (insertion order = seeding order) */
  const transactions = {};

  function account(name) {
    const address = addressOf[name];
    if (!address) throw new Error(`unknown account ${name}`);
    return address;
  }

  /** An account name or contract key -> address. */
  function resolve(target) {
    if (addressOf[target]) return addressOf[target];
    if (contracts[target]) return contracts[target].address;
    return getAddress(target);
  }

  async function receipt(hash) {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    for (;;) {
      const found = await publicClient.getTransactionReceipt({ hash }).catch((error) => {
        if (error.name === 'TransactionReceiptNotFoundError') return null;
        throw error;
      });
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Waits for the receipt, settles gas and value in the ledger, records the tx when labelled. */
  async function settle(label, fromName, hash, { value = 0n, to = null, expectFailure = false, extra = {} } = {}) {
    const r = await receipt(hash);
    const ok = r.status === 'success';
    if (ok === expectFailure) throw new Error(`${label ?? hash}: status ${r.status}, expected ${expectFailure ? 'reverted' : 'success'}`);
    const from = account(fromName);
    ledger.addNative(from, -(r.gasUsed * r.effectiveGasPrice) - (ok ? value : 0n));
    if (label) {
      if (transactions[label]) throw new Error(`duplicate transaction label ${label}`);
      transactions[label] = {
        hash,
        from: fromName,
        fromAddress: from,
        to: to ? (nameOf[to] ?? Object.keys(contracts).find((k) => contracts[k].address === to) ?? to) : null,
        toAddress: to,
        status: r.status,
        blockNumber: Number(r.blockNumber),
        ...extra,
      };
    }
    log(`  ${label ?? 'tx'}: ${r.status}`);
    return r;
  }

  /** Calls `functionName` on a deployed contract as `fromName`. options: value, gas, expectFailure. */
  async function call(label, fromName, contractKey, functionName, args = [], { value = 0n, gas, expectFailure = false } = {}) {
    const { address, abi } = contracts[contractKey];
    const hash = await walletClient.sendTransaction({
      account: account(fromName),
      to: address,
      data: encodeFunctionData({ abi, functionName, args }),
      value,
      ...(gas ? { gas } : {}),
    });
    return settle(label, fromName, hash, { value, to: address, expectFailure });
  }

  /** Sends native TLOS. Crediting the recipient is up to the caller (it may be a contract). */
  async function sendNative(label, fromName, toTarget, value) {
    const to = resolve(toTarget);
    const hash = await walletClient.sendTransaction({ account: account(fromName), to, value });
    return settle(label, fromName, hash, { value, to });
  }

  /** Deploys `artifactName`; registers it as `contractKey`; returns the address. */
  async function deploy(contractKey, fromName, artifactName, args = [], { label = null } = {}) {
    const artifact = loadArtifact(artifactName);
    const hash = await walletClient.deployContract({ account: account(fromName), abi: artifact.abi, bytecode: artifact.bytecode, args });
    const r = await settle(label, fromName, hash);
    const address = getAddress(r.contractAddress);
    if (label) transactions[label].contractAddress = address;
    contracts[contractKey] = { address, abi: artifact.abi, artifact: artifactName };
    return address;
  }

  function read(contractKey, functionName, args = []) {
    const { address, abi } = contracts[contractKey];
    return publicClient.readContract({ address, abi, functionName, args });
  }

  async function latestTimestamp() {
    return (await publicClient.getBlock({ blockTag: 'latest' })).timestamp;
  }

  async function timestampOf(r) {
    return (await publicClient.getBlock({ blockNumber: r.blockNumber })).timestamp;
  }

  const rpc = (method, params = []) => publicClient.request({ method, params });

  return {
    publicClient, walletClient, ledger, contracts, transactions, accounts,
    account, resolve, call, sendNative, deploy, read, rpc, latestTimestamp, timestampOf, log,
  };
}
