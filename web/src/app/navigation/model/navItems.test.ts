import { describe, expect, it } from 'vitest';
import { navItemsFor, type ExternalLinks } from './navItems';

const ALL_LINKS: ExternalLinks = {
  explorerUrl: 'https://teloscan.io',
  ecosystemUrl: 'https://www.telos.net/ecosystem',
  bridgeUrl: 'https://bridge.telos.net/bridge',
};
const NO_LINKS: ExternalLinks = { explorerUrl: null, ecosystemUrl: null, bridgeUrl: null };

const labels = (items: ReturnType<typeof navItemsFor>) => items.map((item) => item.label);

describe('navItemsFor', () => {
  it('offers no navigation when logged out', () => {
    expect(navItemsFor(null, ALL_LINKS)).toEqual([]);
  });

  it('gives an EVM session the wallet areas and the network links', () => {
    expect(labels(navItemsFor('evm', ALL_LINKS))).toEqual([
      'Wallet',
      'Staking',
      'Wrap TLOS',
      'Digital Collectibles',
      'Approvals',
      'Explorer',
      'Ecosystem',
      'Bridge',
    ]);
  });

  it('gives a native session its wallet', () => {
    expect(navItemsFor('native', NO_LINKS)).toEqual([
      { kind: 'route', label: 'Wallet', to: '/zero/balance', matches: '/zero' },
    ]);
  });

  it('leaves out links the network does not have', () => {
    expect(labels(navItemsFor('evm', { ...NO_LINKS, explorerUrl: 'https://teloscan.io' }))).toContain('Explorer');
    expect(labels(navItemsFor('evm', NO_LINKS))).not.toContain('Bridge');
  });
});
