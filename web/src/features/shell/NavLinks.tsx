import { NavLink } from 'react-router-dom';
import type { NavItem } from './shell.texts';

export interface NavLinksProps {
  items: NavItem[];
  label: string;
  className: string;
  onNavigate?: () => void;
}

/** The top bar's links; NavLink marks the current one with aria-current="page". */
export function NavLinks({ items, label, className, onNavigate }: NavLinksProps) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="pj-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} className="pj-nav__link" onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
