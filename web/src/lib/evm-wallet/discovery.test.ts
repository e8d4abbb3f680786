import { describe, expect, it } from 'vitest';
import { combineWallets, LEGACY_INJECTED_ID, legacyWalletName } from './discovery';
import type { EventfulProvider } from './provider';

/** A provider that is only told apart by identity; discovery never calls it. */
function provider(flags: Record<string, unknown> = {}): EventfulProvider & Record<string, unknown> {
  return { ...flags, request: () => Promise.resolve(null) };
}

const PNG_ICON = 'data:image/png;base64,iVBORw0KGgo=';
const SVG_ICON = 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E';

function announcement(rdns: string, name: string, icon = PNG_ICON, own = provider()) {
  return { info: { uuid: `${rdns}-uuid`, name, icon, rdns }, provider: own };
}

describe('combineWallets', () => {
  it('finds nothing when the browser has no wallet', () => {
    expect(combineWallets([], undefined)).toEqual({ wallets: [], multipleLegacyProviders: false });
    expect(combineWallets([], { notAProvider: true })).toEqual({ wallets: [], multipleLegacyProviders: false });
  });

  it('lists every EIP-6963 wallet once, keeping the first announcement of an rdns', () => {
    const first = provider();
    const again = provider();
    const brave = provider();
    const { wallets, multipleLegacyProviders } = combineWallets(
      [announcement('io.metamask', 'MetaMask', PNG_ICON, first), announcement('com.brave.wallet', 'Brave Wallet', SVG_ICON, brave), announcement('io.metamask', 'MetaMask again', PNG_ICON, again)],
      undefined,
    );
    expect(wallets.map((wallet) => [wallet.id, wallet.name])).toEqual([
      ['io.metamask', 'MetaMask'],
      ['com.brave.wallet', 'Brave Wallet'],
    ]);
    expect(wallets[0]?.provider).toBe(first);
    expect(wallets[1]?.provider).toBe(brave);
    expect(multipleLegacyProviders).toBe(false);
  });

  it('shows data: image icons only (a remote icon would be a tracking request)', () => {
    const { wallets } = combineWallets(
      [
        announcement('a.png', 'A', PNG_ICON),
        announcement('b.svg', 'B', SVG_ICON),
        announcement('c.https', 'C', 'https://tracker.example/icon.png'),
        announcement('d.script', 'D', 'data:text/html,<script>alert(1)</script>'),
        announcement('e.none', 'E', ''),
      ],
      undefined,
    );
    expect(wallets.map((wallet) => wallet.icon)).toEqual([PNG_ICON, SVG_ICON, null, null, null]);
  });

  it('ignores window.ethereum when a wallet announced itself (it is one of them)', () => {
    const legacy = provider({ isMetaMask: true });
    const { wallets } = combineWallets([announcement('io.metamask', 'MetaMask')], legacy);
    expect(wallets.map((wallet) => wallet.id)).toEqual(['io.metamask']);
  });

  it('falls back to window.ethereum named from its flags when nothing announces', () => {
    const legacy = provider({ isMetaMask: true });
    const { wallets, multipleLegacyProviders } = combineWallets([], legacy);
    expect(wallets).toEqual([{ id: LEGACY_INJECTED_ID, name: 'MetaMask', icon: null, provider: legacy }]);
    expect(multipleLegacyProviders).toBe(false);
  });

  it('reports several legacy providers fighting over window.ethereum', () => {
    const legacy = provider({ isMetaMask: true, providers: [provider({ isMetaMask: true }), provider({ isCoinbaseWallet: true })] });
    const { wallets, multipleLegacyProviders } = combineWallets([], legacy);
    expect(multipleLegacyProviders).toBe(true);
    // The page still offers the one the browser put in front.
    expect(wallets.map((wallet) => wallet.id)).toEqual([LEGACY_INJECTED_ID]);
  });

  it('does not report one provider in the list, nor a list when wallets announced themselves', () => {
    expect(combineWallets([], provider({ providers: [provider()] })).multipleLegacyProviders).toBe(false);
    const crowded = provider({ providers: [provider(), provider()] });
    expect(combineWallets([announcement('io.metamask', 'MetaMask')], crowded).multipleLegacyProviders).toBe(false);
  });
});

describe('legacyWalletName', () => {
  it('names the wallet from the flag it sets, brand flags before isMetaMask', () => {
    expect(legacyWalletName(provider({ isBraveWallet: true, isMetaMask: true }))).toBe('Brave Wallet');
    expect(legacyWalletName(provider({ isSafePal: true, isMetaMask: true }))).toBe('SafePal');
    expect(legacyWalletName(provider({ isTrust: true }))).toBe('Trust Wallet');
    expect(legacyWalletName(provider({ isCoinbaseWallet: true }))).toBe('Coinbase Wallet');
    expect(legacyWalletName(provider({ isMetaMask: true }))).toBe('MetaMask');
    expect(legacyWalletName(provider())).toBe('Browser wallet');
  });
});
