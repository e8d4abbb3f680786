import { Icon } from '../../lib/ui/icons';
import { useTheme } from '../../lib/theme/useTheme';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  // Both icons are in the page and the stylesheet shows the one for the theme on <html>, so a
  // pre-rendered page shows the right one before the app knows the theme.
  return (
    <button type="button" className="icon-button theme-toggle" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      <span className="theme-toggle__icon theme-toggle__icon--to-dark">
        <Icon name="moon" />
      </span>
      <span className="theme-toggle__icon theme-toggle__icon--to-light">
        <Icon name="sun" />
      </span>
    </button>
  );
}
