import { describe, expect, it } from 'vitest';
import { parentRouteOf } from './parentRoute';

describe('parentRouteOf', () => {
  it('leads send and receive back to the wallet', () => {
    expect(parentRouteOf('/evm/send')?.path).toBe('/evm/wallet?tab=balance');
    expect(parentRouteOf('/evm/receive/')?.path).toBe('/evm/wallet?tab=balance');
  });

  it('leads collectible details back to the inventory', () => {
    expect(parentRouteOf('/evm/collectible-details')).toEqual({
      path: '/evm/collectible-inventory',
      label: 'Digital Collectibles',
    });
  });

  it('has no parent for top-level screens', () => {
    expect(parentRouteOf('/evm/wallet')).toBeNull();
    expect(parentRouteOf('/')).toBeNull();
  });
});
