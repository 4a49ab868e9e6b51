import './brand-logo.css';

/**
 * The Projectory mark and name: in the app's top bar, on the sign-in and legal pages, and on the landing
 * page, whose header and footer show it larger (landing.css).
 */
export function BrandLogo() {
  return (
    <span className="pj-logo">
      <span className="pj-logo__mark" aria-hidden="true">
        <svg width="18" height="18" viewBox="8 6 16 20" focusable="false">
          <path
            d="M11 23V9h6a4.5 4.5 0 0 1 0 9h-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="pj-logo__name">Projectory</span>
    </span>
  );
}
