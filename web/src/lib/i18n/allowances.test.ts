import { describe, expect, it } from 'vitest';
import { registerAllowancesTexts } from './allowances';
import { i18n, translate } from './i18n';

describe('allowances texts', () => {
  it('are added on demand, once, with plural forms and the failure of spec §8 around its cause', () => {
    expect(i18n.exists('allowances.title')).toBe(false);
    registerAllowancesTexts();
    registerAllowancesTexts();
    expect(translate('allowances.title')).toBe('Approvals');
    expect(translate('allowances.count', { count: 1 })).toBe('1 approval');
    expect(translate('allowances.batch.title', { count: 3 })).toBe('Revoke 3 approvals');
    expect(translate('allowances.batch.progress', { current: 1, total: 3 })).toBe('Revoking 1 of 3');
    expect(translate('allowances.error_update', { cause: 'the node did not answer' })).toBe(
      'The allowance could not be updated: the node did not answer',
    );
    expect(translate('allowances.connect_to_change')).toBe('Connect your wallet to change approvals.');
  });
});
