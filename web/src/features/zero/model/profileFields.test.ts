import { describe, expect, it } from 'vitest';
import { profileFieldLabel } from './profileFields';

describe('profile field labels', () => {
  it('reads stored keys as words', () => {
    expect(profileFieldLabel('account_name')).toBe('Account name');
    expect(profileFieldLabel('display_name')).toBe('Display name');
    expect(profileFieldLabel('bio')).toBe('Bio');
    expect(profileFieldLabel('avatarUrl')).toBe('Avatar url');
    expect(profileFieldLabel('twitter.handle')).toBe('Twitter handle');
  });

  it('keeps a key that has no letters to read', () => {
    expect(profileFieldLabel('__')).toBe('__');
  });
});
