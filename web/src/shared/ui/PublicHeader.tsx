import { BrandLogo } from './BrandLogo';
import { Icon } from './Icon';
import './public-header.css';

export interface PublicHeaderProps {
  /** 'Back to Home', from the page's own texts. */
  backLabel: string;
  /** The page's own class (its width). */
  className?: string;
}

/** The header of the pages outside the app (sign-in, the legal documents): back to the landing page, and the logo. */
export function PublicHeader({ backLabel, className }: PublicHeaderProps) {
  return (
    <header className={className ? `pj-public-header ${className}` : 'pj-public-header'}>
      <a href="/" className="pj-public-header__back">
        <Icon name="arrow-left" size={16} />
        {backLabel}
      </a>
      <BrandLogo />
    </header>
  );
}
