import { describe, expect, it } from 'vitest';
import { builtInWalletOf, isMobileDevice } from './device';

const AGENTS = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  metamaskAndroid: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MetaMaskMobile',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linuxHeadless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
};

describe('isMobileDevice', () => {
  it('recognises phones and tablets, including wallet apps’ built-in browsers', () => {
    expect(isMobileDevice({ userAgent: AGENTS.androidChrome })).toBe(true);
    expect(isMobileDevice({ userAgent: AGENTS.iphoneSafari, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: AGENTS.metamaskAndroid })).toBe(true);
  });

  it('recognises an iPad asking for the desktop site by its touch points', () => {
    expect(isMobileDevice({ userAgent: AGENTS.ipadDesktopMode, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ userAgent: AGENTS.macSafari, maxTouchPoints: 0 })).toBe(false);
  });

  it('leaves desktop browsers alone', () => {
    expect(isMobileDevice({ userAgent: AGENTS.windowsChrome })).toBe(false);
    expect(isMobileDevice({ userAgent: AGENTS.linuxHeadless, maxTouchPoints: 0 })).toBe(false);
    expect(isMobileDevice({ userAgent: '' })).toBe(false);
  });
});

describe('builtInWalletOf', () => {
  it('knows Brave by the navigator.brave it adds, whatever its user agent says', () => {
    expect(builtInWalletOf({ brave: { isBrave: () => Promise.resolve(true) } })).toBe('brave');
    expect(builtInWalletOf({})).toBeNull();
    expect(builtInWalletOf({ brave: undefined })).toBeNull();
  });
});
