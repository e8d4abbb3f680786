import { describe, expect, it } from 'vitest';
import { isOutOfSync, outOfSyncNotice, type StatusView } from './status';

function status(source: Partial<StatusView['source']>): StatusView {
  return {
    chainId: 41, network: 'telos-evm-devnet', pricesConfigured: true, tokenListLoaded: true,
    source: { network: 'telos-evm-devnet', primary: 'ownIndex', primaryName: 'Own index', inUse: 'ownIndex', inUseName: 'Own index', lists: 'ownIndex', fallback: 'rpc', everUnhealthy: false, ...source },
  };
}

describe('isOutOfSync', () => {
  it('is quiet while the primary is healthy and answering', () => {
    expect(isOutOfSync(undefined)).toBe(false);
    expect(isOutOfSync(status({}))).toBe(false);
  });
  it('warns when the primary is unhealthy or the fallback answers', () => {
    const lagging = { blockNumber: 1, blockTimestampMs: 0, healthy: false, secondsBehind: 40, success: true };
    expect(isOutOfSync(status({ primaryHealth: lagging }))).toBe(true);
    expect(isOutOfSync(status({ inUse: 'rpc' }))).toBe(true);
  });
});

describe('outOfSyncNotice', () => {
  const lagging = { blockNumber: 1, blockTimestampMs: 0, healthy: false, secondsBehind: 40, success: true };
  it('says the primary is behind while it is still read, and claims the fallback only while the node answers', () => {
    expect(outOfSyncNotice(status({}))).toBeNull();
    expect(outOfSyncNotice(status({ primaryHealth: lagging }))).toBe('behind');
    expect(outOfSyncNotice(status({ inUse: 'rpc' }))).toBe('fallback');
    expect(outOfSyncNotice({ ...status({ inUse: 'rpc' }), rpcError: 'the node did not answer' })).toBe('fallback_failing');
  });
});
