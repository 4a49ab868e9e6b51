import { brand, footer } from '../landing.texts';
import { BrandLogo } from '../../../shared/ui/BrandLogo';

export function Footer() {
  return (
    <footer className="lp-footer">
      <div className="lp-container lp-footer__grid">
        <div className="lp-footer__brand">
          <BrandLogo />
          <p className="lp-footer__tagline">{brand.tagline}</p>
          <p className="lp-footer__blurb">{footer.blurb}</p>
        </div>
        <nav className="lp-footer__nav" aria-label={footer.navLabel}>
          {footer.columns.map((column) => (
            <div key={column.title}>
              <h2 className="lp-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="lp-container">
        <p className="lp-footer__bottom" suppressHydrationWarning>
          {footer.copyright(new Date().getFullYear())}
        </p>
      </div>
    </footer>
  );
}
