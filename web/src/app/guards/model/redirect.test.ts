import { describe, expect, it } from 'vitest';
import { isProductionHost, isWithin, requiresAuth, resolveRedirect } from './redirect';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('isWithin', () => {
  it('matches the area and its children only', () => {
    expect(isWithin('/evm', '/evm')).toBe(true);
    expect(isWithin('/evm/send', '/evm')).toBe(true);
    expect(isWithin('/evmx', '/evm')).toBe(false);
  });
});

describe('requiresAuth', () => {
  it('protects the EVM area', () => {
    for (const path of ['/evm', '/evm/', '/evm/wallet', '/evm/wallet/', '/evm/send', '/evm/receive', '/evm/collectible-inventory', '/evm/wrap', '/evm/allowances', '/evm/staking']) {
      expect(requiresAuth(path), path).toBe(true);
    }
  });

  it('leaves a path below /evm that names no screen to the not-found page (spec §2 "any other path")', () => {
    for (const path of ['/evm/nowhere', '/evm/wallet/extra', '/evmx']) {
      expect(requiresAuth(path), path).toBe(false);
    }
  });

  it('leaves collectible details, transaction pages, the native area and home open', () => {
    for (const path of ['/evm/collectible-details', `/evm/tx/0x${'ab'.repeat(32)}`, '/zero/balance', '/zero', '/', '/nowhere']) {
      expect(requiresAuth(path), path).toBe(false);
    }
  });
});

describe('isProductionHost', () => {
  it('treats local hosts as development, with or without a port', () => {
    expect(isProductionHost('localhost')).toBe(false);
    expect(isProductionHost('127.0.0.1:5173')).toBe(false);
    expect(isProductionHost('[::1]:8080')).toBe(false);
  });

  it('treats every other host as production', () => {
    expect(isProductionHost('wallet.example.org')).toBe(true);
    expect(isProductionHost('192.168.1.20:8080')).toBe(true);
  });

  it('honours a configured list of development hosts', () => {
    expect(isProductionHost('staging.example.org', ['staging.example.org'])).toBe(false);
    expect(isProductionHost('localhost', ['staging.example.org'])).toBe(true);
  });
});

describe('resolveRedirect', () => {
  it('sends a guarded route home when no account is stored', () => {
    expect(resolveRedirect('/evm/wallet', null, 'localhost')).toBe('/');
    expect(resolveRedirect('/evm/wrap', null, 'wallet.example.org')).toBe('/');
  });

  it('lets a guarded route through with a stored account', () => {
    expect(resolveRedirect('/evm/wallet', ACCOUNT, 'localhost')).toBeNull();
  });

  it('never guards collectible details or the native area', () => {
    expect(resolveRedirect('/evm/collectible-details', null, 'localhost')).toBeNull();
    expect(resolveRedirect('/zero/balance', null, 'localhost')).toBeNull();
  });

  it('sends demos home on a production host, even when logged in', () => {
    expect(resolveRedirect('/demos/inputs', ACCOUNT, 'wallet.example.org')).toBe('/');
    expect(resolveRedirect('/demos', null, 'wallet.example.org')).toBe('/');
  });

  it('shows demos on a development host', () => {
    expect(resolveRedirect('/demos/notif', null, '127.0.0.1:4173')).toBeNull();
  });

  it('lets unknown paths through to the not-found page', () => {
    expect(resolveRedirect('/no/such/page', null, 'wallet.example.org')).toBeNull();
  });
});
