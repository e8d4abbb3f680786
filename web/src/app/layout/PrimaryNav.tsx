import { Link, useLocation } from 'react-router';
import { Icon } from '../../lib/ui/icons';
import type { NavItem } from '../navigation/model/navItems';
import { parentRouteOf } from '../navigation/model/parentRoute';

interface PrimaryNavProps {
  id: string;
  items: readonly NavItem[];
  /** On narrow screens the list is a disclosure opened from the header. */
  open: boolean;
  onNavigate: () => void;
  /** Pre-rendered: the session kind the stylesheet shows this navigation to (`data-session-only`). */
  sessionOnly?: 'evm' | 'native' | undefined;
}

export function PrimaryNav({ id, items, open, onNavigate, sessionOnly }: PrimaryNavProps) {
  const { pathname } = useLocation();
  // A child screen (Send, Receive) keeps its parent's item current, as its back link names it.
  const current = parentRouteOf(pathname)?.path ?? pathname;
  return (
    <nav id={id} className={open ? 'primary-nav primary-nav--open' : 'primary-nav'} aria-label="Main" data-session-only={sessionOnly}>
      <ul className="primary-nav__list">
        {items.map((item) => (
          <li key={item.label}>
            {item.kind === 'route' ? (
              <Link
                to={item.to}
                className="primary-nav__link"
                aria-current={current.startsWith(item.matches) ? 'page' : undefined}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            ) : (
              <a className="primary-nav__link" href={item.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
                {item.label}
                <Icon name="external" size={14} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
