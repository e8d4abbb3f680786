import { describe, expect, it } from 'vitest';
import { i18n, translate } from './i18n';
import { registerZeroTexts } from './zero';

describe('zero texts', () => {
  it('are added on demand, once, with plural forms', () => {
    expect(i18n.exists('zero.nav.label')).toBe(false);
    registerZeroTexts();
    registerZeroTexts();
    expect(translate('zero.nav.label')).toBe('Telos Zero sections');
    expect(translate('zero.dapps.count', { count: 1 })).toBe('1 app');
    expect(translate('zero.transfer.error_memo_too_long', { count: 256 })).toBe('The memo can have at most 256 bytes');
  });
});
