import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvmConnection } from './connection';
import { ProviderRpcError, type Eip1193Provider } from './provider';
import {
  readReceipt,
  ReceiptTimeoutError,
  sendPrepared,
  transactionUrl,
  waitForReceipt,
  walletTransaction,
  WalletMismatchError,
  type PreparedTransaction,
} from './transactions';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HASH = `0x${'ab'.repeat(32)}`;

/** What POST …/transactions/prepare answers for an ERC-20 send of 1.5 TUSD. */
const PREPARED: PreparedTransaction = {
  kind: 'send',
  chainId: 41,
  from: ALICE,
  to: TUSD,
  data: '0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c800000000000000000000000000000000000000000000000014d1120d7b160000',
  value: '0',
  gas: '34567',
  gasLimit: '41480',
  gasPrice: '500000000000',
  fee: { amount: '0.02074', wei: '20740000000000000', symbol: 'TLOS', fiat: '0.004', fiatCurrency: 'USD' },
  effect: { action: 'send', asset: { address: TUSD, symbol: 'TUSD', name: 'Tandem USD' }, amount: '1.5', to: ALICE },
  grantsApproval: false,
  warnings: [],
};

/** A wallet answering each method from a handler, recording the calls. */
function fakeWallet(handlers: Record<string, (params: readonly unknown[] | undefined) => unknown>) {
  const calls: { method: string; params: readonly unknown[] | undefined }[] = [];
  const provider: Eip1193Provider = {
    request({ method, params }) {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) return Promise.reject(new ProviderRpcError(4200, `unexpected ${method}`));
      try {
        return Promise.resolve(handler(params));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
  return { provider, calls };
}

function connectionOf(provider: Eip1193Provider, address = ALICE): EvmConnection {
  return { walletId: 'io.metamask', walletName: 'MetaMask', address, network: 'telos-evm-testnet', walletChainId: 41, provider };
}

describe('walletTransaction', () => {
  it('gives the wallet exactly the prepared call with hex quantities', () => {
    expect(walletTransaction(PREPARED)).toEqual({
      from: ALICE,
      to: TUSD,
      data: PREPARED.data,
      value: '0x0',
      gas: '0xa208',
      gasPrice: '0x746a528800',
    });
  });

  it('writes large wei values exactly', () => {
    const tx = walletTransaction({ ...PREPARED, value: '115792089237316195423570985008687907853269984665640564039457584007913129639935' });
    expect(tx.value).toBe(`0x${'f'.repeat(64)}`);
    expect(walletTransaction({ ...PREPARED, value: '1000000000000000000' }).value).toBe('0xde0b6b3a7640000');
  });
});

describe('sendPrepared', () => {
  it('sends the prepared call once the wallet is on the right account and chain', async () => {
    const wallet = fakeWallet({ eth_chainId: () => '0x29', eth_sendTransaction: () => HASH });
    expect(await sendPrepared(connectionOf(wallet.provider, ALICE.toLowerCase()), PREPARED)).toBe(HASH);
    expect(wallet.calls).toEqual([
      { method: 'eth_chainId', params: undefined },
      { method: 'eth_sendTransaction', params: [walletTransaction(PREPARED)] },
    ]);
  });

  it('refuses when the wallet is on another account, without asking it anything', async () => {
    const wallet = fakeWallet({});
    const error = await sendPrepared(connectionOf(wallet.provider, BOB), PREPARED).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WalletMismatchError);
    expect(error).toMatchObject({ reason: 'account' });
    expect((error as Error).message).toContain('Switch the account in your wallet');
    expect(wallet.calls).toEqual([]);
  });

  it('refuses when the wallet is on another chain, before sending', async () => {
    const wallet = fakeWallet({ eth_chainId: () => '0x28', eth_sendTransaction: () => HASH });
    const error = await sendPrepared(connectionOf(wallet.provider), PREPARED).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WalletMismatchError);
    expect(error).toMatchObject({ reason: 'chain' });
    expect((error as Error).message).toBe('Your wallet is on another network (chain id 40). Switch it to chain id 41 and try again.');
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_chainId']);
  });

  it('accepts a wallet that answers the chain id as a number', async () => {
    const wallet = fakeWallet({ eth_chainId: () => 41, eth_sendTransaction: () => HASH });
    expect(await sendPrepared(connectionOf(wallet.provider), PREPARED)).toBe(HASH);
  });

  it('passes the wallet’s rejection on as it came', async () => {
    const rejection = new ProviderRpcError(4001, 'User rejected the request.');
    const wallet = fakeWallet({
      eth_chainId: () => '0x29',
      eth_sendTransaction: () => {
        throw rejection;
      },
    });
    await expect(sendPrepared(connectionOf(wallet.provider), PREPARED)).rejects.toBe(rejection);
  });

  it('fails when the wallet answers something that is not a transaction hash', async () => {
    for (const answer of [null, '0x1234', { hash: HASH }]) {
      const wallet = fakeWallet({ eth_chainId: () => '0x29', eth_sendTransaction: () => answer });
      await expect(sendPrepared(connectionOf(wallet.provider), PREPARED)).rejects.toMatchObject({ code: -32603 });
    }
  });
});

describe('readReceipt', () => {
  it('is null while the transaction is not mined', () => {
    expect(readReceipt(HASH, null)).toBeNull();
    expect(readReceipt(HASH, { status: '0x1', blockNumber: null })).toBeNull();
    expect(readReceipt(HASH, 'pending')).toBeNull();
  });

  it('reads a successful and a reverted receipt', () => {
    expect(readReceipt(HASH, { status: '0x1', blockNumber: '0x1f', gasUsed: '0x5208' })).toEqual({
      hash: HASH,
      status: 'success',
      blockNumber: 31n,
      gasUsed: 21_000n,
    });
    expect(readReceipt(HASH, { status: '0x0', blockNumber: '0x20', gasUsed: '0x6000' })).toMatchObject({ status: 'reverted', blockNumber: 32n });
  });

  it('counts an unreadable gas figure as zero rather than losing the receipt', () => {
    expect(readReceipt(HASH, { status: '0x1', blockNumber: '0x1' })).toMatchObject({ gasUsed: 0n, status: 'success' });
  });
});

describe('waitForReceipt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A node that has no receipt for the first `pendingPolls` asks. */
  function minedAfter(pendingPolls: number) {
    let asked = 0;
    return fakeWallet({
      eth_getTransactionReceipt: (params) => {
        asked += 1;
        expect(params).toEqual([HASH]);
        return asked > pendingPolls ? { status: '0x1', blockNumber: '0x2a', gasUsed: '0x5208' } : null;
      },
    });
  }

  it('answers at once when the receipt is there', async () => {
    const wallet = minedAfter(0);
    await expect(waitForReceipt(wallet.provider, HASH)).resolves.toMatchObject({ status: 'success', blockNumber: 42n });
    expect(wallet.calls).toHaveLength(1);
  });

  it('polls every pollMs until the receipt arrives', async () => {
    const wallet = minedAfter(3);
    const receipt = waitForReceipt(wallet.provider, HASH, { pollMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(wallet.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(wallet.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(receipt).resolves.toMatchObject({ hash: HASH, status: 'success' });
    expect(wallet.calls).toHaveLength(4);
  });

  it('gives up after timeoutMs with a message that says to check the explorer', async () => {
    const wallet = minedAfter(Number.POSITIVE_INFINITY);
    const receipt = waitForReceipt(wallet.provider, HASH, { pollMs: 750, timeoutMs: 2000 });
    const outcome = expect(receipt).rejects.toThrow(ReceiptTimeoutError);
    await vi.advanceTimersByTimeAsync(2250);
    await outcome;
    await expect(receipt).rejects.toThrow(`No receipt for ${HASH} after 2 s. It may still be mined: check the explorer before sending again.`);
    // Asked at 0, 750, 1500 and 2250 ms: the last ask past the deadline still counts.
    expect(wallet.calls).toHaveLength(4);
  });

  it('stops when its signal aborts', async () => {
    const wallet = minedAfter(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const receipt = waitForReceipt(wallet.provider, HASH, { pollMs: 1000, signal: controller.signal });
    const outcome = expect(receipt).rejects.toThrow('closed');
    await vi.advanceTimersByTimeAsync(1500);
    controller.abort(new Error('closed'));
    await outcome;
    await vi.advanceTimersByTimeAsync(5000);
    expect(wallet.calls).toHaveLength(2);
  });

  it('does not keep polling for a signal that was aborted already', async () => {
    const wallet = minedAfter(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    const receipt = waitForReceipt(wallet.provider, HASH, { pollMs: 1000, timeoutMs: 60_000, signal: controller.signal });
    const outcome = expect(receipt).rejects.toThrow('closed');
    await vi.advanceTimersByTimeAsync(0);
    await outcome;
    expect(wallet.calls).toHaveLength(1);
  });
});

describe('transactionUrl', () => {
  it('links the explorer’s transaction page when the network has an explorer', () => {
    expect(transactionUrl('https://testnet.teloscan.io/', HASH)).toBe(`https://testnet.teloscan.io/tx/${HASH}`);
    expect(transactionUrl('https://teloscan.io', HASH)).toBe(`https://teloscan.io/tx/${HASH}`);
    expect(transactionUrl(null, HASH)).toBeUndefined();
  });
});
