import { describe, expect, it } from 'vitest';
import { i18n, translate } from './i18n';
import { registerZeroTexts, zeroEn } from './zero';

describe('zero texts', () => {
  it('are added on demand, once, with plural forms', () => {
    expect(i18n.exists('zero.nav.label')).toBe(false);
    registerZeroTexts();
    registerZeroTexts();
    expect(translate('zero.nav.label')).toBe('Telos Zero sections');
    expect(translate('zero.dapps.count', { count: 1 })).toBe('1 app');
    expect(translate('zero.transfer.error_memo_too_long', { count: 256 })).toBe('The memo can have at most 256 bytes');
  });

  it('name every action both as done (history) and as asked (a wallet’s prompt)', () => {
    // The action dictionary's own labels, not actions.
    const labels = new Set(['arguments', 'transaction', 'open_transaction']);
    const done = Object.keys(zeroEn.action).filter((key) => !labels.has(key));
    expect(Object.keys(zeroEn.action_asked).sort()).toEqual(done.sort());
    registerZeroTexts();
    expect(translate('zero.action_asked.transfer', { quantity: '1.0000 TLOS', from: 'alice', to: 'bob' })).toBe('Send 1.0000 TLOS from alice to bob');
  });
});
