import type { ParseKeys } from 'i18next';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS, VALIDATION_WARNING_KEYS } from '../validation/issue';
import { en } from './en';
import { i18n, pickLanguage, SUPPORTED_LANGUAGES, translate } from './i18n';

// Compile-time: every validation key is a key of the English texts.
const validationKeys: readonly ParseKeys[] = [...VALIDATION_KEYS, ...VALIDATION_WARNING_KEYS];

describe('i18n', () => {
  it('is ready synchronously with English', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(translate('notify.title.error')).toBe('ooops');
  });

  it('has an English text for every validation key', () => {
    for (const key of validationKeys) {
      expect(i18n.exists(key, { count: 2 }), key).toBe(true);
      expect(translate(key, { count: 2, decimals: 80 }), key).not.toBe(key);
    }
  });

  it('picks the plural form of the decimal-places message', () => {
    expect(translate('validation.too_many_decimals', { count: 1 })).toBe('You can only enter 1 decimal place');
    expect(translate('validation.too_many_decimals', { count: 4 })).toBe('You can only enter 4 decimal places');
  });

  it('picks the first supported preferred language, else English', () => {
    expect(SUPPORTED_LANGUAGES).toContain('en');
    expect(pickLanguage(['en-GB', 'de'])).toBe('en');
    expect(pickLanguage(['xx-YY'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('keeps the texts the spec quotes word for word', () => {
    expect(en.notify.offline_title).toBe('No Internet connection');
    expect(en.notify.offline_message).toBe(
      "We're sorry, it looks like you're not connected to the internet. Please check your network connection and try again.",
    );
    expect(en.notify.cancelled_transaction).toBe('Cancelled transaction');
    expect(en.validation.invalid_number_format).toBe('Invalid number format');
  });
});
