import { Link } from 'react-router-dom';
import { authTexts as t } from '../auth.texts';

/** Terms and Privacy under every account form. */
export function LegalLinks() {
  return (
    <nav aria-label={t.legal.label} className="pj-auth__legal">
      <Link to="/terms">{t.legal.terms}</Link>
      <span aria-hidden="true">·</span>
      <Link to="/privacy">{t.legal.privacy}</Link>
    </nav>
  );
}
