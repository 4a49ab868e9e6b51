import { Drawer } from 'antd';
import { NavLinks } from './NavLinks';
import { shellTexts as t, type NavItem } from './shell.texts';

export interface MobileMenuProps {
  open: boolean;
  items: NavItem[];
  onClose: () => void;
}

/** The top bar's links in a drawer, for screens below 768 px (its menu button opens it). */
export function MobileMenu({ open, items, onClose }: MobileMenuProps) {
  return (
    <Drawer title={t.menuTitle} placement="right" size={280} open={open} onClose={onClose}>
      <NavLinks items={items} label={t.drawerNavLabel} className="pj-nav pj-nav--drawer" onNavigate={onClose} />
    </Drawer>
  );
}
