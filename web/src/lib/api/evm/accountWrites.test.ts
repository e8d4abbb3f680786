import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  awaitingFreshBalances,
  balancesRefreshMs,
  ConfirmedWrites,
  FRESH_BALANCES_WINDOW_MS,
  invalidateAfterWrite,
  readBeforeConfirmation,
} from './accountWrites';
import { evmAccountResourceKey, evmNetworkKey } from './keys';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

// Moved from the wrap and staking models, which each had a copy of these rules.
describe('awaitingFreshBalances', () => {
  it('waits for balances read after the confirmation, for 30 s at most', () => {
    expect(awaitingFreshBalances(1_000, null, 2_000)).toBe(false);
    expect(awaitingFreshBalances(1_000, 1_500, 2_000)).toBe(true);
    expect(awaitingFreshBalances(undefined, 1_500, 2_000)).toBe(true);
    expect(awaitingFreshBalances(1_600, 1_500, 2_000)).toBe(false);
    expect(awaitingFreshBalances(1_000, 1_500, 1_500 + 30_001)).toBe(false);
    expect(awaitingFreshBalances(10, 20, 25)).toBe(true);
    expect(awaitingFreshBalances(30, 20, 25)).toBe(false);
    expect(awaitingFreshBalances(10, 20, 30_021)).toBe(false);
  });

  it('tells whether balances predate a confirmation', () => {
    expect(readBeforeConfirmation(1_000, null)).toBe(false);
    expect(readBeforeConfirmation(1_000, 1_500)).toBe(true);
    expect(readBeforeConfirmation(1_500, 1_500)).toBe(false);
    expect(readBeforeConfirmation(10, null)).toBe(false);
    expect(readBeforeConfirmation(10, 20)).toBe(true);
  });

  it('asks every 2 s while waiting, every 10 s otherwise', () => {
    expect(balancesRefreshMs(1_000, 1_500, 2_000)).toBe(2_000);
    expect(balancesRefreshMs(1_600, 1_500, 2_000)).toBe(10_000);
    expect(balancesRefreshMs(1_000, null, 2_000)).toBe(10_000);
  });
});

describe('ConfirmedWrites', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the last confirmation of each account, however its address is written, for the window', () => {
    const writes = new ConfirmedWrites();
    const heard = vi.fn();
    writes.subscribe(heard);
    writes.record('telos-evm', ACCOUNT, 1_000);
    writes.record('telos-evm', ACCOUNT.toLowerCase(), 5_000);
    expect(writes.at('telos-evm', ACCOUNT)).toBe(5_000);
    expect(writes.at('telos-evm', OTHER)).toBeNull();
    expect(writes.at('telos-evm-testnet', ACCOUNT)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);

    // The window runs from the last confirmation.
    vi.advanceTimersByTime(FRESH_BALANCES_WINDOW_MS - 1);
    expect(writes.at('telos-evm', ACCOUNT)).toBe(5_000);
    vi.advanceTimersByTime(1);
    expect(writes.at('telos-evm', ACCOUNT)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('stops telling a listener that unsubscribed', () => {
    const writes = new ConfirmedWrites();
    const heard = vi.fn();
    const unsubscribe = writes.subscribe(heard);
    unsubscribe();
    writes.record('telos-evm', ACCOUNT, 1_000);
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('invalidateAfterWrite', () => {
  it('marks everything any screen holds of the account stale, and nothing of another account or of the network', async () => {
    const client = new QueryClient();
    const writes = new ConfirmedWrites();
    const keys = {
      balances: [...evmAccountResourceKey('telos-evm', ACCOUNT, 'balances'), 'USD'],
      history: [...evmAccountResourceKey('telos-evm', ACCOUNT, 'transactions'), 'USD', 0, 25],
      staking: evmAccountResourceKey('telos-evm', ACCOUNT, 'staking'),
      nfts: [...evmAccountResourceKey('telos-evm', ACCOUNT, 'nfts'), 'collections'],
      approvals: [...evmAccountResourceKey('telos-evm', ACCOUNT, 'approvals'), {}, 'USD'],
      otherAccount: [...evmAccountResourceKey('telos-evm', OTHER, 'balances'), 'USD'],
      overview: [...evmNetworkKey('telos-evm'), 'staking'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { read: 'before' });

    await invalidateAfterWrite(client, { network: 'telos-evm', address: ACCOUNT.toLowerCase(), atMs: 42, writes });

    const stale = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]));
    expect(stale).toEqual({ balances: true, history: true, staking: true, nfts: true, approvals: true, otherAccount: false, overview: false });
    expect(writes.at('telos-evm', ACCOUNT)).toBe(42);
    client.clear();
  });
});
