import { brand } from '../landing.texts';

export interface LogoProps {
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

export function Logo({ inverted = false }: LogoProps) {
  return (
    <span className={inverted ? 'lp-logo lp-logo--inverted' : 'lp-logo'}>
      <span className="lp-logo__mark" aria-hidden="true">
        <svg width="20" height="20" viewBox="8 6 16 20" focusable="false">
          <path
            d="M11 23V9h6a4.5 4.5 0 0 1 0 9h-6"
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="lp-logo__name">{brand.name}</span>
    </span>
  );
}
