import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '../../shared/ui/BrandLogo';
import { Icon } from '../../shared/ui/Icon';
import { lazyDialog } from '../../shared/lib/lazy-part';
import type { User } from '../../shared/session';
import { NotificationBell } from '../notifications';
import { ConnectionStatus } from './ConnectionStatus';
import { NavLinks } from './NavLinks';
import { navItems, shellTexts as t } from './shell.texts';
import { UserMenu } from './UserMenu';

const MobileMenu = lazyDialog(() => import('./MobileMenu').then((m) => m.MobileMenu));

export interface TopBarProps {
  user: User;
}

/**
 * The fixed top bar of signed-in pages: links (a drawer below 768 px), the live connection's state, the
 * notification bell and the user menu.
 */
export function TopBar({ user }: TopBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navItems(user.role);
  const closeMenu = () => setMenuOpen(false);

  return (
    <TopBarFrame>
      <NavLinks items={items} label={t.navLabel} className="pj-nav pj-nav--bar" />
      <div className="pj-topbar__end">
        <ConnectionStatus />
        <Button
          className="pj-topbar__menu-button"
          type="text"
          icon={<Icon name="menu" />}
          aria-label={t.openMenu}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          onPointerEnter={MobileMenu.preload}
          onFocus={MobileMenu.preload}
        />
        <NotificationBell />
        <UserMenu user={user} />
      </div>
      <MobileMenu open={menuOpen} items={items} onClose={closeMenu} />
    </TopBarFrame>
  );
}

/**
 * The bar with the brand linking home, then `children` (the links and controls). Without `children`,
 * the bar of the first frame index.html shows (app/app-frames.tsx).
 */
export function TopBarFrame({ children }: { children?: ReactNode }) {
  return (
    <header className="pj-topbar">
      <div className="pj-topbar__inner">
        <Link to="/" className="pj-topbar__brand" aria-label={t.homeLabel}>
          <BrandLogo />
        </Link>
        {children}
      </div>
    </header>
  );
}
