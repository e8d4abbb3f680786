/**
 * An injected EIP-1193 test wallet for the browser specs: a small fake in the page
 * that records every request (window.__walletCalls), knows chains the way an
 * extension does (4902 or 4001 for the others, wallet_addEthereumChain adds one),
 * remembers what it shared across reloads of the tab, answers wallet_watchAsset, and
 * can change chain on its own (chainChanged) when a spec asks it to.
 */
import type { Page } from 'playwright-core';

export const TEST_WALLET = { name: 'Test Wallet', rdns: 'org.tandem.testwallet' };

export interface FakeWalletOptions {
  readonly account: string;
  /** What wallet_switchEthereumChain answers for a chain the wallet does not know. */
  readonly unknownChain: 4902 | 4001;
  /** Announce through EIP-6963; otherwise be the legacy window.ethereum. */
  readonly announce: boolean;
  /**
   * Share the account (eth_requestAccounts) only once the page's wallet session part has
   * mounted (its development-wallet prompt, a closed dialog, is in the page): the answer
   * lands after that part's first render, before React runs its effects.
   */
  readonly answerAsSessionMounts?: boolean;
  /** Chains (EIP-3085 hex) the wallet knows from the start besides 0x1. */
  readonly knownChains?: readonly string[];
}

export interface RecordedCall {
  readonly method: string;
  readonly params: unknown[];
}

/**
 * The fake wallet as page source (a string, so no compiler helper leaks into the
 * page). Like an extension it remembers the shared account and the chains it
 * knows across reloads of the tab; every request lands in window.__walletCalls.
 */
export function fakeWalletScript({ account, unknownChain, announce, answerAsSessionMounts = false, knownChains = [] }: FakeWalletOptions): string {
  return `(() => {
  const options = ${JSON.stringify({ account, unknownChain, announce, answerAsSessionMounts, knownChains: ['0x1', ...knownChains], wallet: TEST_WALLET })};
  const memory = window.sessionStorage;
  const load = (key, fallback) => JSON.parse(memory.getItem('fakeWallet.' + key) ?? JSON.stringify(fallback));
  const save = (key, value) => memory.setItem('fakeWallet.' + key, JSON.stringify(value));
  const calls = [];
  window.__walletCalls = calls;
  const listeners = new Map();
  // What the wallet does on its own (the user picks another chain in it): the page hears chainChanged.
  window.__walletEmit = (event, payload) => {
    if (event === 'chainChanged') save('chainId', payload);
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  const failure = (code, message) => Object.assign(new Error(message), { code });
  // A mutation observer's callback runs in the microtasks right after the commit that added the node.
  const sessionMounted = () => new Promise((resolve) => {
    const mounted = () => document.querySelector('dialog.tx-dialog') !== null;
    if (mounted()) return resolve();
    new MutationObserver((_, observer) => {
      if (!mounted()) return;
      observer.disconnect();
      resolve();
    }).observe(document, { childList: true, subtree: true });
  });
  const provider = {
    async request({ method, params = [] }) {
      calls.push({ method, params: JSON.parse(JSON.stringify(params)) });
      switch (method) {
        case 'eth_accounts':
          return load('accounts', []);
        case 'eth_requestAccounts':
          if (options.answerAsSessionMounts) await sessionMounted();
          save('accounts', [options.account]);
          return [options.account];
        case 'eth_chainId':
          return load('chainId', '0x1');
        case 'wallet_switchEthereumChain': {
          const wanted = params[0].chainId;
          if (!load('chains', options.knownChains).includes(wanted)) {
            throw options.unknownChain === 4001
              ? failure(4001, 'User rejected the request.')
              : failure(4902, 'Unrecognized chain ID "' + wanted + '". Try adding the chain using wallet_addEthereumChain first.');
          }
          save('chainId', wanted);
          return null;
        }
        case 'wallet_watchAsset':
          return true;
        case 'wallet_addEthereumChain': {
          const wanted = params[0].chainId;
          save('chains', [...load('chains', options.knownChains), wanted]);
          save('chainId', wanted);
          return null;
        }
        default:
          throw failure(4200, 'The test wallet does not support ' + method);
      }
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return provider;
    },
    removeListener(event, listener) {
      listeners.set(event, (listeners.get(event) ?? []).filter((known) => known !== listener));
      return provider;
    },
  };
  if (options.announce) {
    const detail = Object.freeze({
      info: { uuid: '7d3a5a52-0d3e-4a4e-9a43-3c0a0f1e5b6d', name: options.wallet.name, rdns: options.wallet.rdns,
              icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E' },
      provider,
    });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  } else {
    window.ethereum = provider;
  }
})();`;
}

export function walletCalls(page: Page): Promise<RecordedCall[]> {
  return page.evaluate(() => (window as unknown as { __walletCalls: RecordedCall[] }).__walletCalls);
}

/** The wallet changes chain on its own, as when the user picks another network in the extension. */
export async function emitChainChanged(page: Page, chainId: string): Promise<void> {
  await page.evaluate((chain) => {
    (window as unknown as { __walletEmit: (event: string, payload: unknown) => void }).__walletEmit('chainChanged', chain);
  }, chainId);
}
