import { useCallback, useSyncExternalStore } from 'react';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY, toggledTheme, type Theme } from './theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const CHANGE_EVENT = 'tandem:theme-changed';

function readPreference() {
  try {
    return parseThemePreference(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system' as const;
  }
}

function currentTheme(): Theme {
  return resolveTheme(readPreference(), window.matchMedia(DARK_QUERY).matches);
}

/** Sets `data-theme` on <html>; the stylesheet keys every colour on it. */
export function applyTheme(): void {
  document.documentElement.dataset.theme = currentTheme();
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const update = () => {
    applyTheme();
    onChange();
  };
  media.addEventListener('change', update);
  window.addEventListener(CHANGE_EVENT, update);
  window.addEventListener('storage', update);
  return () => {
    media.removeEventListener('change', update);
    window.removeEventListener(CHANGE_EVENT, update);
    window.removeEventListener('storage', update);
  };
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, (): Theme => 'light');
  const toggle = useCallback(() => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, toggledTheme(currentTheme()));
    } catch {
      // Without storage the choice just does not persist.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return { theme, toggle };
}
