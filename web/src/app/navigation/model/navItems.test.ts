import { describe, expect, it } from 'vitest';
import { linksKind, navItemsFor, type ExternalLinks } from './navItems';

const NONE = { evm: false, native: false };
const EVM = { evm: true, native: false };
const NATIVE = { evm: false, native: true };
const BOTH = { evm: true, native: true };

const ALL_LINKS: ExternalLinks = {
  explorerUrl: 'https://teloscan.io',
  ecosystemUrl: 'https://www.telos.net/ecosystem',
  bridgeUrl: 'https://bridge.telos.net/bridge',
};
const NO_LINKS: ExternalLinks = { explorerUrl: null, ecosystemUrl: null, bridgeUrl: null };

const labels = (items: ReturnType<typeof navItemsFor>) => items.map((item) => item.label);

describe('navItemsFor', () => {
  it('offers no navigation when logged out', () => {
    expect(navItemsFor(NONE, ALL_LINKS)).toEqual([]);
  });

  it('gives an EVM session the wallet areas and the network links', () => {
    expect(labels(navItemsFor(EVM, ALL_LINKS))).toEqual([
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

  it('gives a native session its wallet and a way to the EVM side', () => {
    expect(navItemsFor(NATIVE, NO_LINKS)).toEqual([
      { kind: 'route', label: 'Wallet', to: '/zero/balance', matches: '/zero' },
      { kind: 'route', label: 'Telos EVM', to: '/evm/wallet?tab=balance', matches: '/evm' },
    ]);
  });

  it('leaves out links the network does not have', () => {
    expect(labels(navItemsFor(EVM, { ...NO_LINKS, explorerUrl: 'https://teloscan.io' }))).toContain('Explorer');
    expect(labels(navItemsFor(EVM, NO_LINKS))).not.toContain('Bridge');
  });

  it('gives both sessions the EVM areas and the native wallet by its chain name, with the EVM links', () => {
    expect(labels(navItemsFor(BOTH, NO_LINKS))).toEqual(['Wallet', 'Staking', 'Wrap TLOS', 'Digital Collectibles', 'Approvals', 'Telos Zero']);
    expect([linksKind(BOTH), linksKind(NATIVE), linksKind(NONE)]).toEqual(['evm', 'native', null]);
  });
});
