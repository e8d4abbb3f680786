import { describe, expect, it } from 'vitest';
import { i18n, translate } from './i18n';
import { registerStakingTexts } from './staking';
import { registerWrapTexts } from './wrap';

describe('staking and wrap texts', () => {
  it('are added on demand, once', () => {
    expect(i18n.exists('staking.title')).toBe(false);
    expect(i18n.exists('wrap.title')).toBe(false);
    registerStakingTexts();
    registerStakingTexts();
    registerWrapTexts();
    expect(translate('staking.title')).toBe('Staking');
    expect(translate('wrap.title')).toBe('Wrap TLOS');
  });

  it('word durations with plural forms (spec §9 units)', () => {
    registerStakingTexts();
    expect(translate('duration.hour', { count: 1 })).toBe('1 hour');
    expect(translate('duration.day', { count: 4 })).toBe('4 days');
    expect(translate('duration.minute', { count: 0 })).toBe('0 minutes');
    expect(translate('staking.countdown_days', { count: 2, clock: '03:04:05' })).toBe('2 days 03:04:05');
  });

  it('wrap the cause in the failure messages of spec §8, and keep the native-chain message', () => {
    registerStakingTexts();
    registerWrapTexts();
    expect(translate('staking.error_stakes_failed', { cause: 'boom' })).toBe('Staking failed: boom');
    expect(translate('staking.error_unstakes_failed', { cause: 'boom' })).toBe('Unstaking failed: boom');
    expect(translate('staking.error_withdraw_failed', { cause: 'boom' })).toBe('Withdrawing failed: boom');
    expect(translate('wrap.error_not_supported_native')).toBe('Wrap/unwrap not supported on the native chain');
    expect(translate('staking.figures.compounding')).toMatch(/compound about every 30 minutes/);
  });
});
