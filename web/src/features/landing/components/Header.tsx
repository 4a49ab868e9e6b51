import { useEffect, useRef, useState } from 'react';
import { nav, routes, type SectionId } from '../landing.texts';
import { Icon } from './Icon';
import { BrandLogo } from '../../../shared/ui/BrandLogo';

export interface HeaderProps {
  activeSection: SectionId;
}

/** Sticky top bar: in-page links (smooth scrolling comes from CSS), Sign In and Get Started; a menu on phones. */
export function Header({ activeSection }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="lp-header">
      <div className="lp-container lp-header__bar">
        <a className="lp-header__brand" href="#home" onClick={closeMenu}>
          <BrandLogo />
        </a>
        <nav id="lp-nav" className={menuOpen ? 'lp-nav lp-nav--open' : 'lp-nav'} aria-label={nav.label}>
          <ul className="lp-nav__links">
            {nav.links.map((link) => (
              <li key={link.id}>
                <a
                  className="lp-nav__link"
                  href={`#${link.id}`}
                  aria-current={link.id === activeSection ? 'location' : undefined}
                  onClick={closeMenu}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="lp-nav__actions">
            <a className="lp-btn lp-btn--ghost" href={routes.signIn}>
              {nav.signIn}
            </a>
            <a className="lp-btn lp-btn--primary" href={routes.signUp}>
              {nav.getStarted}
            </a>
          </div>
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="lp-header__menu-button"
          aria-controls="lp-nav"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? nav.closeMenu : nav.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
        </button>
      </div>
    </header>
  );
}
