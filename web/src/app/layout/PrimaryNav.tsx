import { Link, useLocation } from 'react-router';
import { Icon } from '../../lib/ui/icons';
import type { NavItem } from '../navigation/model/navItems';

interface PrimaryNavProps {
  id: string;
  items: readonly NavItem[];
  /** On narrow screens the list is a disclosure opened from the header. */
  open: boolean;
  onNavigate: () => void;
}

export function PrimaryNav({ id, items, open, onNavigate }: PrimaryNavProps) {
  const { pathname } = useLocation();
  return (
    <nav id={id} className={open ? 'primary-nav primary-nav--open' : 'primary-nav'} aria-label="Main">
      <ul className="primary-nav__list">
        {items.map((item) => (
          <li key={item.label}>
            {item.kind === 'route' ? (
              <Link
                to={item.to}
                className="primary-nav__link"
                aria-current={pathname.startsWith(item.matches) ? 'page' : undefined}
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
