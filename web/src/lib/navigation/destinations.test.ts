import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, destinationAfterLogout, homeReturningTo, returnPath, returnScreenName } from './destinations';

describe('destinationAfterLogin', () => {
  it('lands a native login on the native balance', () => {
    expect(destinationAfterLogin('native', '/')).toBe('/zero/balance');
    expect(destinationAfterLogin('native', '/evm/wallet')).toBe('/zero/balance');
  });

  it('keeps a native login inside the native area', () => {
    expect(destinationAfterLogin('native', '/zero/profile')).toBeNull();
    expect(destinationAfterLogin('native', '/zero')).toBeNull();
  });

  it('lands an EVM login on the balance tab of the EVM wallet', () => {
    expect(destinationAfterLogin('evm', '/')).toBe('/evm/wallet?tab=balance');
    expect(destinationAfterLogin('evm', '/zero/balance')).toBe('/evm/wallet?tab=balance');
  });

  it('keeps an EVM login inside the EVM area', () => {
    expect(destinationAfterLogin('evm', '/evm/staking')).toBeNull();
  });

  it('returns an EVM login to the page a guard turned away', () => {
    expect(destinationAfterLogin('evm', '/', '/evm/allowances?type=erc721')).toBe('/evm/allowances?type=erc721');
    expect(destinationAfterLogin('native', '/', '/evm/allowances')).toBe('/zero/balance');
    expect(destinationAfterLogin('evm', '/', 'https://evil.example.org/evm')).toBe('/evm/wallet?tab=balance');
  });
});

describe('returning after sign-in', () => {
  it('records the page in home’s query', () => {
    expect(homeReturningTo('/evm/allowances')).toBe('/?next=%2Fevm%2Fallowances');
    expect(new URL(homeReturningTo('/evm/wrap?x=1&y=2'), 'http://h').searchParams.get('next')).toBe('/evm/wrap?x=1&y=2');
  });

  it('accepts only paths inside the EVM area of this app', () => {
    expect(returnPath('/evm/allowances')).toBe('/evm/allowances');
    for (const unsafe of [null, '', '//evil.example.org/evm', 'https://evil.example.org/evm', '/zero/balance', '/evmx', '/\\evil']) {
      expect(returnPath(unsafe), String(unsafe)).toBeNull();
    }
  });

  it('names the screen as the navigation does', () => {
    expect(returnScreenName('/evm/allowances')).toBe('Approvals');
    expect(returnScreenName('/evm/collectible-inventory?collection=0x1')).toBe('Digital Collectibles');
    expect(returnScreenName('/evm')).toBeNull();
    expect(returnScreenName('/zero')).toBeNull();
  });
});

describe('destinationAfterLogout', () => {
  it('stays put when already home', () => {
    expect(destinationAfterLogout('/', 'evm')).toBeNull();
  });

  it('goes home with login=zero after a native session', () => {
    expect(destinationAfterLogout('/zero/balance', 'native')).toBe('/?login=zero');
  });

  it('goes home with an empty login value after an EVM session', () => {
    expect(destinationAfterLogout('/evm/wallet', 'evm')).toBe('/?login=');
  });

  it('keeps the user where they are when the other chain stays signed in, outside the ended session’s area', () => {
    expect(destinationAfterLogout('/evm/wallet', 'native', true)).toBeNull();
    expect(destinationAfterLogout('/zero/balance', 'evm', true)).toBeNull();
    expect(destinationAfterLogout('/zero/balance', 'native', true)).toBe('/?login=zero');
    expect(destinationAfterLogout('/evm/wallet', 'evm', true)).toBe('/?login=');
  });
});
