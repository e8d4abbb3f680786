/**
 * Theme choice: follow the system (prefers-color-scheme) until the user picks
 * one with the toggle; the pick is stored so it survives reloads.
 */

export type Theme = 'light' | 'dark';
export type ThemePreference = Theme | 'system';

export const THEME_STORAGE_KEY = 'tandem.theme';

export function parseThemePreference(raw: string | null): ThemePreference {
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The toggle always flips what the user currently sees. */
export function toggledTheme(current: Theme): Theme {
  return current === 'dark' ? 'light' : 'dark';
}
