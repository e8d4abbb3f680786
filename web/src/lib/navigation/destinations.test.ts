import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, destinationAfterLogout } from './destinations';

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
});
